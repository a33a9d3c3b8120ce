import { useEffect, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getPlatform } from '../../platform/platform';

/**
 * Under the login form, in the desktop app only: which server this is, and a way to change it
 * (a server that moved would otherwise leave the user stuck at the login).
 */
export const ServerHint = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [server, setServer] = useState<string | null>(null);
  useEffect(() => {
    const platform = getPlatform();
    if (!platform.isDesktop) return;
    let alive = true;
    platform.getServer().then(
      (url) => alive && setServer(url),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  if (!server) return null;
  return (
    <Flex justify="center" align="center" gap={4} wrap style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid="login-server">
        {t('desktopApp.server.current', { url: server })}
      </Typography.Text>
      <Button type="link" size="small" onClick={() => navigate('/server')} data-testid="login-server-change">
        {t('desktopApp.server.change')}
      </Button>
    </Flex>
  );
};
