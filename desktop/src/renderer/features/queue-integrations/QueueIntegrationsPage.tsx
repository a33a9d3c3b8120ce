import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { ReplayButton } from '../bot';
import { useTranslation } from 'react-i18next';
import type { QueueIntegrationDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { IntegrationModal } from './IntegrationModal';
import { queueIntegrationsApi } from './queue-integrations.api';
import { useQueueIntegrations } from './queue-integrations.store';
import { TypeIcon } from './TypeIcon';

/** The spec's search debounce (administration.md §9). */
const SEARCH_DEBOUNCE_MS = 500;

/** /queue-integration (administration.md §2): title with count, search, type icon, id, name, edit, delete; infinite scroll; live. */
export const QueueIntegrationsPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const records = useQueueIntegrations((s) => s.records);
  const count = useQueueIntegrations((s) => s.count);
  const loading = useQueueIntegrations((s) => s.loading);
  const loaded = useQueueIntegrations((s) => s.loaded);
  const hasMore = useQueueIntegrations((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; integration: QueueIntegrationDto | null }>({ open: false, integration: null });
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      listenLive('queueIntegration', (p) => {
        if (p.action === 'delete') useQueueIntegrations.getState().remove(p.integrationId);
        else useQueueIntegrations.getState().upsert(p.queueIntegration);
      }),
    [],
  );
  useEffect(() => () => useQueueIntegrations.getState().reset(), []);
  useEffect(() => {
    useQueueIntegrations.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useQueueIntegrations.getState().loadMore().catch(toastError);
  }, []);
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, integration: null }), []);
  const onSaved = useCallback((i: QueueIntegrationDto) => useQueueIntegrations.getState().upsert(i), []);
  const onDelete = async (i: QueueIntegrationDto) => {
    try {
      await queueIntegrationsApi.remove(i.id);
      useQueueIntegrations.getState().remove(i.id);
      toast.success(t('queueIntegrations.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const columns: TableColumnsType<QueueIntegrationDto> = [
    { key: 'type', title: t('queueIntegrations.type'), align: 'center', width: 64, render: (_, i) => <TypeIcon type={i.type} /> },
    ...(narrow ? [] : [{ key: 'id', title: t('queueIntegrations.id'), width: 72, align: 'center' as const, render: (_: unknown, i: QueueIntegrationDto) => i.id }]),
    { key: 'name', title: t('queueIntegrations.name'), ellipsis: true, render: (_, i) => <span data-testid="integration-name-cell">{i.name}</span> },
    {
      key: 'actions',
      title: t('queueIntegrations.actions'),
      align: 'center',
      width: 128,
      render: (_, i) => (
        <Space size="small">
          <Tooltip title={t('queueIntegrations.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('queueIntegrations.edit')} data-testid="integration-edit" onClick={() => setDialog({ open: true, integration: i })} />
          </Tooltip>
          <ReplayButton target={{ kind: 'integration', id: i.id, name: i.name }} testId="integration-replay" />
          <Popconfirm
            title={t('queueIntegrations.deleteTitle', { name: i.name })}
            description={<div style={{ maxWidth: 280 }}>{t('queueIntegrations.deleteText')}</div>}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'integration-delete-confirm' }}
            onConfirm={() => onDelete(i)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('queueIntegrations.delete')} data-testid="integration-delete" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('queueIntegrations.title')} {loaded ? <Typography.Text type="secondary" data-testid="integrations-count">({count})</Typography.Text> : null}
        </Typography.Title>
        <Flex gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 480px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('queueIntegrations.search')}
            aria-label={t('queueIntegrations.search')}
            value={search}
            // The spec's list searches what is typed, lower-cased.
            onChange={(e) => setSearch(e.target.value.toLowerCase())}
            data-testid="integrations-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, integration: null })} data-testid="integrations-add">
            {narrow ? null : t('queueIntegrations.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="integrations-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="integrations-scroll">
          <Table<QueueIntegrationDto>
            data-testid="integrations-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t(search ? 'queueIntegrations.noMatch' : 'queueIntegrations.empty') }}
            onRow={(i) => ({ 'data-testid': 'integration-row', 'data-id': i.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }} data-testid="integrations-loading-more">
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <IntegrationModal open={dialog.open} integration={dialog.integration} onClose={closeDialog} onSaved={onSaved} />
    </Card>
  );
};
