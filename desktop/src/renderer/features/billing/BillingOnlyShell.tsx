import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Layout, Tooltip, Typography, theme } from 'antd';
import { LogoutOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTheme } from '../../app/theme.store';
import { formatDueDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { startSocket, stopSocket } from '../../lib/socket';
import { logout } from '../auth';
import { finishRenewal } from './billing-session';
import { onPaymentConfirmed } from './billing.socket';

/** What a billing-only session may open (decision 0280). */
export const BILLING_PATHS = ['/financeiro', '/subscription'];

/**
 * The app of an overdue company's admin (decision 0280): a header with the expiry notice, the
 * theme and logout, and only /financeiro and /subscription (anything else goes to /financeiro).
 * Its socket hears the payment event only; once paid, 'Continuar' trades the session for a full
 * one (the PIX screen does it by itself 4 s after the renewal).
 */
export const BillingOnlyShell = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const { mode, toggle } = useTheme();
  const location = useLocation();
  const navigate = useNavigate();
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const companyId = user?.companyId;

  useEffect(() => {
    if (!companyId) return undefined;
    startSocket(companyId);
    const off = onPaymentConfirmed(setRenewedUntil);
    // The full shell opens its own socket, joined to every room of a full session.
    return () => {
      off();
      stopSocket();
    };
  }, [companyId]);

  if (!user) return null;
  if (!BILLING_PATHS.includes(location.pathname)) return <Navigate to="/financeiro" replace />;

  const proceed = () => void finishRenewal().then(() => navigate('/', { replace: true }));

  return (
    <Layout style={{ height: '100%' }} data-testid="billing-only-shell">
      <Layout.Header style={{ background: token.colorBgContainer, padding: '0 12px', height: 56, lineHeight: 'normal', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Flex align="center" gap={8} style={{ height: '100%' }}>
          <Typography.Text strong style={{ fontSize: 20, color: token.colorPrimary }}>
            Balcão
          </Typography.Text>
          <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
            {user.company.name}
          </Typography.Text>
          <Tooltip title={t(mode === 'dark' ? 'header.lightTheme' : 'header.darkTheme')}>
            <Button type="text" icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={toggle} aria-label={t(mode === 'dark' ? 'header.lightTheme' : 'header.darkTheme')} />
          </Tooltip>
          <Tooltip title={t('menu.logout')}>
            <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()} aria-label={t('menu.logout')} data-testid="billing-logout" />
          </Tooltip>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ overflow: 'auto', minHeight: 0 }}>
        {renewedUntil ? (
          <Alert
            type="success"
            showIcon
            banner
            title={t('billing.pix.renewed', { date: formatDueDate(renewedUntil) })}
            action={
              <Button size="small" type="primary" onClick={proceed} data-testid="billing-continue">
                {t('billing.continue')}
              </Button>
            }
            data-testid="billing-renewed-banner"
          />
        ) : (
          <Alert type="warning" showIcon banner title={t('billing.overdueBanner', { date: formatDueDate(user.company.dueDate) })} data-testid="billing-overdue-banner" />
        )}
        <Outlet />
      </Layout.Content>
    </Layout>
  );
};

