import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { getPlatform } from '../../platform/platform';
import { ServerPage } from './ServerPage';

/** `/server` from the profile menu: the Servidor screen with the current server; desktop only. */
export const ServerRoute = () => {
  const navigate = useNavigate();
  const platform = getPlatform();
  const [current, setCurrent] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!platform.isDesktop) return;
    platform.getServer().then(setCurrent, () => setCurrent(null));
  }, [platform]);
  if (!platform.isDesktop) return <Navigate to="/" replace />;
  if (current === undefined) return <FullPageSpinner />;
  return <ServerPage current={current} onBack={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))} />;
};
