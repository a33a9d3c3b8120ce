import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, type TagListItemDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { tagsAdminApi } from './tags-admin.api';
import { textOn } from './tags-admin.logic';
import { useTagsAdmin } from './tags-admin.store';
import { TagModal } from './TagModal';

/** The spec's search debounce (administration.md §9). */
const SEARCH_DEBOUNCE_MS = 500;

/** /tags (administration.md §2): the company's tags in their colours, tickets count, kanban switch, add/edit/delete, live. */
export const TagsPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const me = useSession((s) => s.user);
  const mayKanban = !!me && can(me, 'tags:setKanban');
  const mayDelete = !!me && can(me, 'tags:delete');
  const records = useTagsAdmin((s) => s.records);
  const count = useTagsAdmin((s) => s.count);
  const loading = useTagsAdmin((s) => s.loading);
  const loaded = useTagsAdmin((s) => s.loaded);
  const hasMore = useTagsAdmin((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; tag: TagListItemDto | null }>({ open: false, tag: null });
  const [switching, setSwitching] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      listenLive('tag', (p) => {
        if (p.action === 'delete') useTagsAdmin.getState().remove(p.tagId);
        else useTagsAdmin.getState().upsert(p.tag);
      }),
    [],
  );
  useEffect(() => () => useTagsAdmin.getState().reset(), []);
  useEffect(() => {
    useTagsAdmin.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useTagsAdmin.getState().loadMore().catch(toastError);
  }, []);
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, tag: null }), []);
  const onSaved = useCallback((g: TagListItemDto) => useTagsAdmin.getState().upsert(g), []);
  const onDelete = async (g: TagListItemDto) => {
    try {
      await tagsAdminApi.remove(g.id);
      useTagsAdmin.getState().remove(g.id);
      toast.success(t('tagsAdmin.deleted'));
    } catch (err) {
      toastError(err);
    }
  };
  const onKanban = async (g: TagListItemDto, on: boolean) => {
    setSwitching(g.id);
    try {
      useTagsAdmin.getState().upsert(await tagsAdminApi.update(g.id, { name: g.name, kanban: on }));
    } catch (err) {
      toastError(err);
    } finally {
      setSwitching(null);
    }
  };

  const columns: TableColumnsType<TagListItemDto> = [
    {
      key: 'name',
      title: t('tagsAdmin.name'),
      render: (_, g) => (
        // A solid chip in the tag's own colour (antd's `color` prop tints a custom colour pale), text that reads on it.
        <Tag
          variant="solid"
          style={{ background: g.color, borderColor: g.color, color: textOn(g.color), maxWidth: narrow ? 160 : 320, overflow: 'hidden', textOverflow: 'ellipsis', marginInlineEnd: 0 }}
          data-testid="tag-chip"
        >
          {g.name}
        </Tag>
      ),
    },
    { key: 'tickets', title: t('tagsAdmin.tickets'), align: 'center', width: narrow ? 64 : 110, render: (_, g) => <span data-testid="tag-count">{g.ticketsCount}</span> },
    ...(mayKanban
      ? [
          {
            key: 'kanban',
            title: t('tagsAdmin.kanban'),
            align: 'center' as const,
            width: narrow ? 64 : 90,
            render: (_: unknown, g: TagListItemDto) => (
              <Switch
                size="small"
                checked={g.kanban === 1}
                loading={switching === g.id}
                onChange={(on) => void onKanban(g, on)}
                aria-label={t('tagsAdmin.kanbanOf', { name: g.name })}
                data-testid="tag-kanban-switch"
              />
            ),
          },
        ]
      : []),
    {
      key: 'actions',
      title: t('tagsAdmin.actions'),
      align: 'center',
      width: narrow ? 84 : 96,
      render: (_, g) => (
        <Space size="small">
          <Tooltip title={t('tagsAdmin.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('tagsAdmin.edit')} data-testid="tag-edit" onClick={() => setDialog({ open: true, tag: g })} />
          </Tooltip>
          {mayDelete ? (
            <Popconfirm
              title={t('tagsAdmin.deleteTitle', { name: g.name })}
              description={t('tagsAdmin.deleteText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'tag-delete-confirm' }}
              onConfirm={() => onDelete(g)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('tagsAdmin.delete')} data-testid="tag-delete" />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('tagsAdmin.title')} {loaded ? <Typography.Text type="secondary" data-testid="tags-count">({count})</Typography.Text> : null}
        </Typography.Title>
        <Flex gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 460px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('tagsAdmin.search')}
            aria-label={t('tagsAdmin.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="tags-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, tag: null })} data-testid="tags-add">
            {t('tagsAdmin.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="tags-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="tags-scroll">
          <Table<TagListItemDto>
            data-testid="tags-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t(search ? 'tagsAdmin.noMatch' : 'tagsAdmin.empty') }}
            onRow={(g) => ({ 'data-testid': 'tag-row', 'data-id': g.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }} data-testid="tags-loading-more">
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <TagModal open={dialog.open} tag={dialog.tag} onClose={closeDialog} onSaved={onSaved} />
    </Card>
  );
};
