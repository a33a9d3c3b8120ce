import { Alert } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../../lib/connectivity';

/** Across the top of the app while the server is unreachable (issue 16 §4); gone once it answers again. */
export const OfflineBanner = () => {
  const { t } = useTranslation();
  const reachable = useConnectivity((s) => s.reachable);
  if (reachable) return null;
  return <Alert banner type="warning" showIcon icon={<DisconnectOutlined />} title={t('outbox.banner')} role="status" data-testid="offline-banner" />;
};
