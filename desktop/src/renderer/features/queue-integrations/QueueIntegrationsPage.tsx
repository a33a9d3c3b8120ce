import { useCallback, useState } from 'react';
import type { TableColumnsType } from 'antd';
import { ReplayButton } from '../bot';
import { useTranslation } from 'react-i18next';
import type { QueueIntegrationDto, SavedQueueIntegration } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { SecretModal } from '../webhooks';
import { IntegrationModal } from './IntegrationModal';
import { queueIntegrationsApi } from './queue-integrations.api';
import { useQueueIntegrations } from './queue-integrations.store';
import { TypeIcon } from './TypeIcon';

/** /queue-integration (administration.md §2): title with count, search, type icon, id, name, edit, delete; infinite scroll; live. */
export const QueueIntegrationsPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const list = usePagedListPage(useQueueIntegrations, {
    lowerCase: true,
    live: { channel: 'queueIntegration', change: (p) => (p.action === 'delete' ? { removed: p.integrationId } : { record: p.queueIntegration }) },
  });
  const dialog = useEditDialog<QueueIntegrationDto>();
  // A webhook / n8n integration saved without a secret gets one from the server, shown here once (decision 0344).
  const [secret, setSecret] = useState<string | null>(null);

  const onSaved = useCallback(({ generatedSecret, ...i }: SavedQueueIntegration) => {
    useQueueIntegrations.getState().upsert(i);
    if (generatedSecret) setSecret(generatedSecret);
  }, []);
  const onDelete = list.deleter(queueIntegrationsApi.remove, t('queueIntegrations.deleted'));

  const columns: TableColumnsType<QueueIntegrationDto> = [
    { key: 'type', title: t('queueIntegrations.type'), align: 'center', width: 64, render: (_, i) => <TypeIcon type={i.type} /> },
    ...(narrow ? [] : [{ key: 'id', title: t('queueIntegrations.id'), width: 72, align: 'center' as const, render: (_: unknown, i: QueueIntegrationDto) => i.id }]),
    { key: 'name', title: t('queueIntegrations.name'), ellipsis: true, render: (_, i) => <span data-testid="integration-name-cell">{i.name}</span> },
    actionsColumn(t('queueIntegrations.actions'), 128, (i) => (
      <RowActions
        edit={{ label: t('queueIntegrations.edit'), testId: 'integration-edit', onClick: () => dialog.edit(i) }}
        extra={<ReplayButton target={{ kind: 'integration', id: i.id, name: i.name }} testId="integration-replay" />}
        remove={{
          label: t('queueIntegrations.delete'),
          testId: 'integration-delete',
          title: t('queueIntegrations.deleteTitle', { name: i.name }),
          description: <div style={{ maxWidth: 280 }}>{t('queueIntegrations.deleteText')}</div>,
          onConfirm: () => onDelete(i),
        }}
      />
    )),
  ];

  return (
    <ListPage<QueueIntegrationDto>
      {...list.page}
      testId="integrations"
      title={t('queueIntegrations.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('queueIntegrations.search') }}
      actions={<AddButton label={t('queueIntegrations.add')} testId="integrations-add" onClick={dialog.add} iconOnly={narrow} />}
      toolbarFlex="0 1 480px"
      columns={columns}
      rowTestId="integration-row"
      emptyText={t(list.search ? 'queueIntegrations.noMatch' : 'queueIntegrations.empty')}
    >
      <IntegrationModal open={dialog.open} integration={dialog.record} onClose={dialog.close} onSaved={onSaved} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </ListPage>
  );
};
