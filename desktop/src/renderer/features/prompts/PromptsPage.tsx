import { useCallback, useEffect, useState } from 'react';
import { Alert, Typography, type TableColumnsType } from 'antd';
import { ReplayButton } from '../bot';
import { useTranslation } from 'react-i18next';
import type { PromptDto, QueueDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { deleter } from '../../lib/deleter';
import { cancelable } from '../../lib/cancelable';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { promptsApi } from './prompts.api';
import { PromptModal } from './PromptModal';

/** Newest first after a save; the list otherwise keeps the server's order (by name). */
const upsert = (list: PromptDto[], p: PromptDto) => (list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? p : x)) : [p, ...list]);

/** /prompts (administration.md §4): the provider's credit warning, the table (name, queue, max tokens, actions), add/edit/delete. */
export const PromptsPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const [records, setRecords] = useState<PromptDto[]>([]);
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [loaded, setLoaded] = useState(false);
  const dialog = useEditDialog<PromptDto>();

  useEffect(
    () =>
      cancelable(() => Promise.all([promptsApi.list(), promptsApi.queues()]), {
        then: ([list, qs]) => {
          setRecords(list.prompts);
          setQueues(qs);
        },
        settled: () => setLoaded(true),
      }),
    [],
  );

  // Another admin's change (administration.md §9: lists merge by id, a create goes on top, a delete leaves).
  useEffect(
    () =>
      listenLive('prompt', (e) => {
        if (e.action === 'delete') setRecords((list) => list.filter((x) => x.id !== e.promptId));
        else setRecords((list) => upsert(list, e.prompt));
      }),
    [],
  );

  const onSaved = useCallback((p: PromptDto) => setRecords((list) => upsert(list, p)), []);
  const onDelete = deleter(promptsApi.remove, (p: PromptDto) => {
    setRecords((list) => list.filter((x) => x.id !== p.id));
    toast.info(t('prompts.deleted'));
  });

  const columns: TableColumnsType<PromptDto> = [
    { key: 'name', title: t('prompts.name'), render: (_, p) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 130 : 360 }}>{p.name}</Typography.Text> },
    { key: 'queue', title: t('prompts.queue'), render: (_, p) => p.queue?.name ?? '—', responsive: ['sm'] },
    { key: 'maxTokens', title: t('prompts.maxTokens'), align: 'center', width: narrow ? 72 : 150, render: (_, p) => p.maxTokens },
    actionsColumn(t('prompts.actions'), narrow ? 116 : 128, (p) => (
      <RowActions
        edit={{ label: t('prompts.edit'), testId: 'prompt-edit', onClick: () => dialog.edit(p) }}
        extra={<ReplayButton target={{ kind: 'prompt', id: p.id, name: p.name }} testId="prompt-replay" />}
        remove={{ label: t('prompts.delete'), testId: 'prompt-delete', title: t('prompts.deleteTitle', { name: p.name }), description: t('prompts.deleteText'), onConfirm: () => onDelete(p) }}
      />
    )),
  ];

  return (
    <ListPage<PromptDto>
      testId="prompts"
      title={t('prompts.title')}
      actions={<AddButton label={t('prompts.add')} testId="prompts-add" onClick={dialog.add} />}
      banner={<Alert type="warning" showIcon message={t('prompts.warningTitle')} description={t('prompts.warning')} style={{ marginBottom: 12 }} data-testid="prompts-warning" />}
      loaded={loaded}
      columns={columns}
      records={records}
      rowTestId="prompt-row"
      emptyText={t('prompts.empty')}
    >
      <PromptModal open={dialog.open} record={dialog.record} queues={queues} onClose={dialog.close} onSaved={onSaved} />
    </ListPage>
  );
};
