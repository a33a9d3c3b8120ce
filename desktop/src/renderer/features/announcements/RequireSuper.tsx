import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/** administration.md §2 (Announcements): others get the error toast and go to / after this long. */
export const SUPER_DENIED_REDIRECT_MS = 1000;

/** A super-user page: anyone else sees the spec's denial toast, then the dashboard after 1 s. */
export const RequireSuper = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSuper = useSession((s) => !!s.user?.super);

  useEffect(() => {
    if (isSuper) return;
    toast.error(t('plans.denied'));
    const timer = setTimeout(() => navigate('/', { replace: true }), SUPER_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSuper, navigate, t]);

  return isSuper ? children : <div data-testid="super-denied" />;
};
