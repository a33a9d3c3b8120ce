import { useCallback, useEffect } from 'react';
import { Empty, Flex, theme, Typography, type TableColumnsType } from 'antd';
import { ReplayButton } from '../bot';
import { useTranslation } from 'react-i18next';
import type { QueueDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { deleter } from '../../lib/deleter';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { queuesApi } from './queues.api';
import { bindQueueSocket } from './queues.socket';
import { useQueues } from './queues.store';
import { QueueModal } from './QueueModal';

/** /queues (administration.md §2): the company's queues, live, with add/edit/delete. */
export const QueuesPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const records = useQueues((s) => s.records);
  const loaded = useQueues((s) => s.loaded);
  const dialog = useEditDialog<QueueDto>();

  useEffect(() => bindQueueSocket(), []);
  useEffect(() => {
    useQueues.getState().load().catch(toastError);
    return () => useQueues.getState().reset();
  }, []);

  const onSaved = useCallback((q: QueueDto) => useQueues.getState().upsert(q), []);
  const onDelete = deleter(queuesApi.remove, (q: QueueDto) => {
    useQueues.getState().remove(q.id);
    toast.success(t('queues.deleted'));
  });

  const swatch = (q: QueueDto) => (
    <span
      data-testid="queue-color"
      aria-label={q.color}
      title={q.color}
      style={{ display: 'inline-block', width: narrow ? 28 : 40, height: 20, borderRadius: token.borderRadiusSM, background: q.color, border: `1px solid ${token.colorBorder}`, verticalAlign: 'middle' }}
    />
  );
  const columns: TableColumnsType<QueueDto> = [
    ...(narrow ? [] : [{ key: 'id', title: t('queues.id'), dataIndex: 'id', width: 64, align: 'center' as const }]),
    {
      key: 'name',
      title: t('queues.name'),
      render: (_, q) => (
        <Flex vertical>
          {/* At 390 px the four columns share ~357 px: names past 120 px end in an ellipsis, or the actions leave the card. */}
          <Typography.Text ellipsis style={{ maxWidth: narrow ? 120 : 260 }}>
            {q.name}
          </Typography.Text>
          {narrow && q.greetingMessage ? (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 120, fontSize: token.fontSizeSM }}>
              {q.greetingMessage}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'color', title: t('queues.color'), align: 'center', width: narrow ? 44 : 80, render: (_, q) => swatch(q) },
    { key: 'orderQueue', title: narrow ? t('queues.orderShort') : t('queues.orderQueue'), align: 'center', width: narrow ? 52 : 110, render: (_, q) => q.orderQueue ?? '—' },
    ...(narrow
      ? []
      : [
          {
            key: 'greeting',
            title: t('queues.greeting'),
            render: (_: unknown, q: QueueDto) => (
              <Typography.Text ellipsis type={q.greetingMessage ? undefined : 'secondary'} style={{ maxWidth: 360 }}>
                {q.greetingMessage || t('queues.noGreeting')}
              </Typography.Text>
            ),
          },
        ]),
    actionsColumn(t('queues.actions'), narrow ? 116 : 128, (q) => (
      <RowActions
        edit={{ label: t('queues.edit'), testId: 'queue-edit', onClick: () => dialog.edit(q) }}
        extra={<ReplayButton target={{ kind: 'queue', id: q.id, name: q.name }} testId="queue-replay" />}
        remove={{ label: t('queues.delete'), testId: 'queue-delete', title: t('queues.deleteTitle', { name: q.name }), description: t('queues.deleteText'), onConfirm: () => onDelete(q) }}
      />
    )),
  ];

  return (
    <ListPage<QueueDto>
      testId="queues"
      title={t('queues.title')}
      actions={<AddButton label={t('queues.add')} testId="queue-add" onClick={dialog.add} />}
      loaded={loaded}
      columns={columns}
      records={records}
      rowTestId="queue-row"
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('queues.empty')} />}
    >
      <QueueModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={onSaved} />
    </ListPage>
  );
};
