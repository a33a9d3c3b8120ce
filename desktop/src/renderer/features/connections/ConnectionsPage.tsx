import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { AddButton } from '../../components/RowActions';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { ConnectionDialog } from './ConnectionDialog';
import { connectionsApi } from './connections.api';
import { useConnections } from './connections.store';
import { QrDialog } from './QrDialog';
import { useConnectionActions } from './useConnectionActions';
import { useConnectionColumns } from './useConnectionColumns';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** /connections (admins): the table, the add/edit dialog and the live QR dialog. */
export const ConnectionsPage = () => {
  const { t } = useTranslation();
  const list = useConnections((s) => s.list);
  const loading = useConnections((s) => s.loading);
  const dialog = useEditDialog<WhatsappDto>();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const actions = useConnectionActions();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);

  useEffect(() => {
    useConnections.getState().load().catch(toastError);
  }, []);

  const closeQr = useCallback(() => setQrFor(null), []);
  const onDelete = async (w: WhatsappDto) => {
    if (await actions.remove(w)) toast.success(t('connections.deleted'));
  };
  const restartAll = () => connectionsApi.restartAll().catch(toastError);

  const columns = useConnectionColumns({
    handlers: { onShowQr: (w) => setQrFor(w.id), onRetry: actions.onRetry, onNewQr: actions.onNewQr, onDisconnect: actions.onDisconnect },
    onEdit: (w) => dialog.edit(w),
    onDelete,
  });

  // No skeleton: the table keeps its rows (live) and spins while the list reloads.
  return (
    <ListPage<WhatsappDto>
      testId="connections"
      title={t('connections.title')}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void restartAll()} data-testid="restart-connections">
            {t('connections.restartAll')}
          </Button>
          <AddButton label={t('connections.add')} testId="add-connection" onClick={dialog.add} />
        </>
      }
      loaded
      tableLoading={loading}
      columns={columns}
      records={list}
      rowTestId="connection-row"
      rowData={(w) => ({ 'data-status': w.status, 'data-connection-id': w.id })}
      tableScroll={narrow ? undefined : { x: 'max-content' }}
    >
      <ConnectionDialog open={dialog.open} connection={dialog.record} onClose={dialog.close} />
      <QrDialog whatsappId={qrFor} onClose={closeQr} />
    </ListPage>
  );
};
