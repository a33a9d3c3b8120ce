import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { ConnectionDialog } from './ConnectionDialog';
import { ConnectionsTable } from './ConnectionsTable';
import { connectionsApi } from './connections.api';
import { useConnections } from './connections.store';
import { QrDialog } from './QrDialog';
import { useConnectionActions } from './useConnectionActions';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** /connections (admins): the table, the add/edit dialog and the live QR dialog. */
export const ConnectionsPage = () => {
  const { t } = useTranslation();
  const list = useConnections((s) => s.list);
  const loading = useConnections((s) => s.loading);
  const [dialog, setDialog] = useState<{ open: boolean; connection: WhatsappDto | null }>({ open: false, connection: null });
  const [qrFor, setQrFor] = useState<number | null>(null);
  const actions = useConnectionActions();
  const narrow = useMediaQuery('(max-width: 575px)');

  useEffect(() => {
    useConnections.getState().load().catch(toastError);
  }, []);

  const closeQr = useCallback(() => setQrFor(null), []);
  const closeDialog = useCallback(() => setDialog({ open: false, connection: null }), []);
  const onDelete = async (w: WhatsappDto) => {
    if (await actions.remove(w)) toast.success(t('connections.deleted'));
  };
  const restartAll = () => connectionsApi.restartAll().catch(toastError);

  const buttons = (
    <Space wrap>
      <Button icon={<ReloadOutlined />} onClick={() => void restartAll()} data-testid="restart-connections">{t('connections.restartAll')}</Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, connection: null })} data-testid="add-connection">
        {t('connections.add')}
      </Button>
    </Space>
  );

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('connections.title')}</Typography.Title>}
      // Narrow screens: the buttons under the title (beside it they push the card wider than the screen).
      extra={narrow ? undefined : buttons}
      style={{ margin: narrow ? 8 : 16 }}
      styles={narrow ? { body: { padding: 8 } } : undefined}
    >
      {narrow && <div style={{ marginBottom: 8 }}>{buttons}</div>}
      <ConnectionsTable
        list={list}
        loading={loading}
        handlers={{ onShowQr: (w) => setQrFor(w.id), onRetry: actions.onRetry, onNewQr: actions.onNewQr, onDisconnect: actions.onDisconnect }}
        onEdit={(w) => setDialog({ open: true, connection: w })}
        onDelete={onDelete}
      />
      <ConnectionDialog open={dialog.open} connection={dialog.connection} onClose={closeDialog} />
      <QrDialog whatsappId={qrFor} onClose={closeQr} />
    </Card>
  );
};
