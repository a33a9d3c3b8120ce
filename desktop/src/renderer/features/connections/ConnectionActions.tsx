import { Button, Popconfirm, Space } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { actionsFor } from './connections.logic';

export interface SessionHandlers {
  onShowQr: (w: WhatsappDto) => void;
  onRetry: (w: WhatsappDto) => void;
  onNewQr: (w: WhatsappDto) => void;
  onDisconnect: (w: WhatsappDto) => void;
}

/** The per-status session buttons of administration.md §2; disconnecting asks first. */
export const ConnectionActions = ({ connection, handlers }: { connection: WhatsappDto; handlers: SessionHandlers }) => {
  const { t } = useTranslation();
  return (
    <Space size="small" wrap data-testid="conn-actions">
      {actionsFor(connection.status).map((action) => {
        switch (action) {
          case 'qr':
            return <Button key={action} size="small" type="primary" data-testid="conn-qr" onClick={() => handlers.onShowQr(connection)}>{t('connections.showQr')}</Button>;
          case 'retry':
            return <Button key={action} size="small" type="primary" data-testid="conn-retry" onClick={() => handlers.onRetry(connection)}>{t('connections.retry')}</Button>;
          case 'newqr':
            return <Button key={action} size="small" data-testid="conn-newqr" onClick={() => handlers.onNewQr(connection)}>{t('connections.newQr')}</Button>;
          case 'disconnect':
            return (
              <Popconfirm
                key={action}
                title={t('connections.disconnectTitle', { name: connection.name })}
                description={t('connections.disconnectText')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'conn-disconnect-confirm' }}
                onConfirm={() => handlers.onDisconnect(connection)}
              >
                <Button size="small" danger data-testid="conn-disconnect">{t('connections.disconnect')}</Button>
              </Popconfirm>
            );
          case 'connecting':
            return <Button key={action} size="small" disabled icon={<LoadingOutlined spin />} data-testid="conn-connecting">{t('connections.connecting')}</Button>;
        }
      })}
    </Space>
  );
};
