import { useCallback, useState } from 'react';
import { Button, Flex, Popconfirm, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WebhookDto, WebhookSecretResponse } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, AddButton } from '../../components/RowActions';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useLoadedList } from '../../lib/useLoadedList';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { DeliveriesDrawer, eventLabel } from './DeliveriesDrawer';
import { SecretModal } from './SecretModal';
import { WebhookModal } from './WebhookModal';
import { webhooksApi } from './webhooks.api';

const byName = (a: WebhookDto, b: WebhookDto) => a.name.localeCompare(b.name) || a.id - b.id;

/** /settings → Webhooks (decision 0304): the company's webhooks, their dialog, the secret once, rotation and the delivery log. */
export const WebhooksPane = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const { records: list, setRecords: setList } = useLoadedList(() => webhooksApi.list().then((r) => r.webhooks));
  const dialog = useEditDialog<WebhookDto>();
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookDto | null>(null);

  const upsert = useCallback((w: WebhookDto) => setList((prev) => [...(prev ?? []).filter((x) => x.id !== w.id), w].sort(byName)), []);
  const onSaved = useCallback(
    (w: WebhookDto, created?: WebhookSecretResponse) => {
      upsert(w);
      toast.success(t('webhooks.saved'));
      if (created) setSecret(created.secret);
    },
    [upsert, t],
  );

  const toggle = async (w: WebhookDto, active: boolean) => {
    try {
      upsert(await webhooksApi.update(w.id, { active }));
    } catch (err) {
      toastError(err);
    }
  };
  const rotate = async (w: WebhookDto) => {
    try {
      const r = await webhooksApi.rotate(w.id);
      upsert(r.webhook);
      setSecret(r.secret);
    } catch (err) {
      toastError(err);
    }
  };
  const remove = async (w: WebhookDto) => {
    try {
      await webhooksApi.remove(w.id);
      setList((prev) => (prev ?? []).filter((x) => x.id !== w.id));
      toast.success(t('webhooks.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const columns: TableColumnsType<WebhookDto> = [
    {
      key: 'name',
      title: t('webhooks.name'),
      render: (_, w) => (
        <Flex vertical gap={0} style={{ minWidth: 0 }}>
          <Typography.Text strong data-testid="webhook-name-cell">
            {w.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {w.url}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="webhook-secret-tail">
            {t('webhooks.secretTail', { tail: w.secretTail })}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            key: 'events',
            title: t('webhooks.events'),
            render: (_: unknown, w: WebhookDto) => (
              <Flex wrap gap={4}>
                {w.events.map((e) => (
                  <Tag key={e} style={{ marginInlineEnd: 0 }}>
                    {eventLabel(t, e)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]),
    {
      key: 'active',
      title: t('webhooks.active'),
      width: 80,
      align: 'center',
      render: (_, w) => <Switch size="small" checked={w.active} aria-label={t('webhooks.active')} onChange={(on) => void toggle(w, on)} data-testid="webhook-toggle" />,
    },
    actionsColumn(t('webhooks.actions'), narrow ? 96 : 168, (w) => (
      <Flex gap={4} justify="center" wrap>
        <Tooltip title={t('webhooks.log')}>
          <Button size="small" icon={<UnorderedListOutlined />} aria-label={t('webhooks.log')} onClick={() => setLogOf(w)} data-testid="webhook-log-open" />
        </Tooltip>
        <Tooltip title={t('webhooks.edit')}>
          <Button size="small" icon={<EditOutlined />} aria-label={t('webhooks.edit')} onClick={() => dialog.edit(w)} data-testid="webhook-edit" />
        </Tooltip>
        <Popconfirm
          title={t('webhooks.rotateTitle')}
          description={<div style={{ maxWidth: 260 }}>{t('webhooks.rotateText')}</div>}
          onConfirm={() => rotate(w)}
          okButtonProps={{ 'data-testid': 'webhook-rotate-confirm' } as never}
        >
          <Tooltip title={t('webhooks.rotate')}>
            <Button size="small" icon={<KeyOutlined />} aria-label={t('webhooks.rotate')} data-testid="webhook-rotate" />
          </Tooltip>
        </Popconfirm>
        <Popconfirm
          title={t('webhooks.deleteTitle', { name: w.name })}
          description={<div style={{ maxWidth: 260 }}>{t('webhooks.deleteText')}</div>}
          onConfirm={() => remove(w)}
          okButtonProps={{ danger: true, 'data-testid': 'webhook-delete-confirm' } as never}
        >
          <Tooltip title={t('webhooks.delete')}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('webhooks.delete')} data-testid="webhook-delete" />
          </Tooltip>
        </Popconfirm>
      </Flex>
    )),
  ];

  return (
    <ListPage<WebhookDto>
      testId="webhooks"
      pane="webhooks-pane"
      intro={t('webhooks.intro')}
      actions={<AddButton label={t('webhooks.add')} testId="webhooks-add" onClick={dialog.add} />}
      loaded={list !== null}
      skeleton={{ paragraph: { rows: 3 } }}
      columns={columns}
      records={list ?? []}
      rowTestId="webhook-row"
      tableScroll={{ x: narrow ? undefined : 640 }}
      emptyText={<span data-testid="webhooks-empty">{t('webhooks.empty')}</span>}
    >
      <WebhookModal open={dialog.open} webhook={dialog.record} onClose={dialog.close} onSaved={onSaved} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer webhook={logOf} onClose={() => setLogOf(null)} />
    </ListPage>
  );
};
