import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { connectionsApi } from './connections.api';
import { useConnections } from './connections.store';

/**
 * The connection's external API token (issue 15 §3): its tail ('…a1b2') and 'Gerar novo token',
 * which shows the new token once, in a dialog with a copy button; the old one stops working.
 */
export const ApiTokenSection = ({ connection }: { connection: WhatsappDto }) => {
  const { t } = useTranslation();
  const [tail, setTail] = useState(connection.apiTokenTail);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const generate = async () => {
    setBusy(true);
    try {
      const r = await connectionsApi.rotateToken(connection.id);
      setTail(r.apiTokenTail);
      setShown(r.token);
      const listed = useConnections.getState().list.find((w) => w.id === connection.id);
      if (listed) useConnections.getState().upsert({ ...listed, apiTokenTail: r.apiTokenTail });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      toast.success(t('messagesApi.tokenCopied'));
    } catch {
      toast.error(t('messagesApi.copyFailed'));
    }
  };

  const button = (
    <Button icon={<KeyOutlined />} loading={busy} data-testid="connection-api-token-generate" onClick={tail ? undefined : () => void generate()}>
      {t('messagesApi.generateToken')}
    </Button>
  );
  return (
    <div data-testid="connection-api-token">
      <Typography.Text strong>{t('messagesApi.connectionToken')}</Typography.Text>
      <Flex gap={8} wrap align="center" style={{ marginTop: 4, marginBottom: 16 }}>
        <Typography.Text type={tail ? undefined : 'secondary'} code={!!tail} data-testid="connection-api-token-tail">
          {tail ? `…${tail}` : t('messagesApi.noToken')}
        </Typography.Text>
        {tail ? (
          <Popconfirm
            title={t('messagesApi.rotateTitle')}
            description={t('messagesApi.rotateText')}
            okText={t('messagesApi.generateToken')}
            cancelText={t('common.cancel')}
            okButtonProps={{ 'data-testid': 'connection-api-token-generate-confirm' }}
            onConfirm={() => void generate()}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        )}
      </Flex>
      <Modal
        open={shown !== null}
        title={t('messagesApi.tokenTitle')}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="api-token-close">
            {t('messagesApi.tokenDone')}
          </Button>
        }
        destroyOnHidden
      >
        <div data-testid="api-token-dialog">
          <Alert type="warning" showIcon message={t('messagesApi.tokenOnce')} style={{ marginBottom: 12 }} />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={shown ?? ''} data-testid="api-token-value" aria-label={t('messagesApi.connectionToken')} onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-token-copy">
              {t('messagesApi.copy')}
            </Button>
          </Space.Compact>
        </div>
      </Modal>
    </div>
  );
};
