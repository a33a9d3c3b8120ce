import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { useConnections } from './connections.store';

/**
 * Failover per ticket (issue 29 §6; decision 0411): which of the company's Cloud API connections
 * carries agents' replies while this session is down. Shown only when the company has one.
 */
export const FallbackField = ({ connection }: { connection: WhatsappDto | null }) => {
  const { t } = useTranslation();
  const clouds = useConnections((s) => s.list).filter((w) => w.provider === 'cloud' && w.id !== connection?.id);
  if (clouds.length === 0) return null;
  return (
    <Form.Item name="fallbackWhatsappId" label={t('connections.fallback')} extra={t('connections.fallbackHint')}>
      <Select allowClear placeholder={t('connections.none')} options={clouds.map((w) => ({ value: w.id, label: w.name }))} data-testid="connection-fallback" />
    </Form.Item>
  );
};
