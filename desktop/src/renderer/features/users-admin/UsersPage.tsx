import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Badge, Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Table, Tag, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, type UserDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { usersAdminApi } from './users-admin.api';
import { useUsersAdmin } from './users-admin.store';
import { UserModal } from './UserModal';

/** The spec's search debounce (administration.md §9). */
const SEARCH_DEBOUNCE_MS = 500;

/** /users (administration.md §2): the company's users, live (online too), with search, infinite scroll, add/edit/delete. */
export const UsersPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery('(max-width: 575px)');
  const me = useSession((s) => s.user);
  const mayDelete = !!me && can(me, 'users:delete');
  const records = useUsersAdmin((s) => s.records);
  const count = useUsersAdmin((s) => s.count);
  const loading = useUsersAdmin((s) => s.loading);
  const loaded = useUsersAdmin((s) => s.loaded);
  const hasMore = useUsersAdmin((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; user: UserDto | null }>({ open: false, user: null });
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      listenLive('user', (p) => {
        if (p.action === 'delete') useUsersAdmin.getState().remove(p.userId);
        else useUsersAdmin.getState().upsert(p.user);
      }),
    [],
  );
  useEffect(() => () => useUsersAdmin.getState().reset(), []);
  useEffect(() => {
    useUsersAdmin.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useUsersAdmin.getState().loadMore().catch(toastError);
  }, []);
  // A first page shorter than the box never scrolls: keep loading while the bottom is in view.
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, user: null }), []);
  const onSaved = useCallback((u: UserDto) => useUsersAdmin.getState().upsert(u), []);
  const onDelete = async (u: UserDto) => {
    try {
      await usersAdminApi.remove(u.id);
      useUsersAdmin.getState().remove(u.id);
      toast.success(t('usersAdmin.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const onlineDot = (u: UserDto) => (
    <Tooltip title={t(u.online ? 'usersAdmin.online' : 'usersAdmin.offline')}>
      <Badge status={u.online ? 'success' : 'default'} aria-label={t(u.online ? 'usersAdmin.online' : 'usersAdmin.offline')} data-testid="user-online" data-online={u.online} />
    </Tooltip>
  );
  const profileTag = (u: UserDto) => (
    <Tag color={u.profile === 'admin' ? 'blue' : u.profile === 'supervisor' ? 'purple' : undefined} style={{ marginInlineEnd: 0 }}>
      {t(`usersAdmin.profiles.${u.profile}`)}
    </Tag>
  );

  const columns: TableColumnsType<UserDto> = [
    {
      key: 'name',
      title: t('usersAdmin.name'),
      render: (_, u) => (
        <Flex gap={8} align="center">
          {onlineDot(u)}
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis style={{ maxWidth: narrow ? 150 : 260 }}>
              {u.name}
              {u.id === me?.id ? <Typography.Text type="secondary"> {t('usersAdmin.you')}</Typography.Text> : null}
            </Typography.Text>
            {/* At phone width the e-mail goes under the name instead of its own column. */}
            {narrow ? (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 150, fontSize: token.fontSizeSM }}>
                {u.email}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            key: 'email',
            title: t('usersAdmin.email'),
            render: (_: unknown, u: UserDto) => (
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                {u.email}
              </Typography.Text>
            ),
          },
        ]),
    { key: 'profile', title: t('usersAdmin.profile'), width: narrow ? 100 : 140, render: (_, u) => profileTag(u) },
    {
      key: 'actions',
      title: t('usersAdmin.actions'),
      align: 'center',
      width: narrow ? 84 : 96,
      render: (_, u) => (
        <Space size="small">
          <Tooltip title={t('usersAdmin.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('usersAdmin.edit')} data-testid="user-edit" onClick={() => setDialog({ open: true, user: u })} />
          </Tooltip>
          {mayDelete && u.id !== me?.id ? (
            <Popconfirm
              title={t('usersAdmin.deleteTitle', { name: u.name })}
              description={t('usersAdmin.deleteText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'user-delete-confirm' }}
              onConfirm={() => onDelete(u)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('usersAdmin.delete')} data-testid="user-delete" />
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
          {t('usersAdmin.title')} {loaded ? <Typography.Text type="secondary" data-testid="users-count">({count})</Typography.Text> : null}
        </Typography.Title>
        <Flex gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 460px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('usersAdmin.search')}
            aria-label={t('usersAdmin.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="users-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, user: null })} data-testid="users-add">
            {t('usersAdmin.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="users-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="users-scroll">
          <Table<UserDto>
            data-testid="users-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t(search ? 'usersAdmin.noMatch' : 'common.noRecords') }}
            onRow={(u) => ({ 'data-testid': 'user-row', 'data-id': u.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }} data-testid="users-loading-more">
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <UserModal open={dialog.open} user={dialog.user} onClose={closeDialog} onSaved={onSaved} />
    </Card>
  );
};
