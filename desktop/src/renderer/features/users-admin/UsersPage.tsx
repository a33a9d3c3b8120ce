import { Badge, Flex, Tag, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, type UserDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { usersAdminApi } from './users-admin.api';
import { useUsersAdmin } from './users-admin.store';
import { UserModal } from './UserModal';

/** /users (administration.md §2): the company's users, live (online too), with search, infinite scroll, add/edit/delete. */
export const UsersPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const me = useSession((s) => s.user);
  const mayDelete = !!me && can(me, 'users:delete');
  const list = usePagedListPage(useUsersAdmin, { live: { channel: 'user', change: (p) => (p.action === 'delete' ? { removed: p.userId } : { record: p.user }) } });
  const dialog = useEditDialog<UserDto>();

  const onDelete = list.deleter(usersAdminApi.remove, t('usersAdmin.deleted'));

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
    actionsColumn(t('usersAdmin.actions'), narrow ? 84 : 96, (u) => (
      <RowActions
        edit={{ label: t('usersAdmin.edit'), testId: 'user-edit', onClick: () => dialog.edit(u) }}
        remove={
          mayDelete && u.id !== me?.id
            ? { label: t('usersAdmin.delete'), testId: 'user-delete', title: t('usersAdmin.deleteTitle', { name: u.name }), description: t('usersAdmin.deleteText'), onConfirm: () => onDelete(u) }
            : undefined
        }
      />
    )),
  ];

  return (
    <ListPage<UserDto>
      {...list.page}
      testId="users"
      title={t('usersAdmin.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('usersAdmin.search') }}
      actions={<AddButton label={t('usersAdmin.add')} testId="users-add" onClick={dialog.add} />}
      columns={columns}
      rowTestId="user-row"
      emptyText={t(list.search ? 'usersAdmin.noMatch' : 'common.noRecords')}
    >
      <UserModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
