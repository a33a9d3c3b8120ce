import { Flex, Tag, theme, Typography, type TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnnouncementDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { announcementsApi } from './announcements.api';
import { priorityColor } from './announcements.logic';
import { useAnnouncements } from './announcements.store';
import { AnnouncementModal } from './AnnouncementModal';

/**
 * /announcements (administration.md §2, super only): title, priority, media name, status and
 * actions; search, infinite scroll, add/edit modal, delete confirmation. The page is not bound to
 * the socket: the channel carries active announcements only (decision 0275), and this table
 * shows every one, refreshed by its own saves.
 */
export const AnnouncementsPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const list = usePagedListPage(useAnnouncements);
  const dialog = useEditDialog<AnnouncementDto>();
  const onDelete = list.deleter(announcementsApi.remove, t('announcements.deleted'));

  const priorityTag = (a: AnnouncementDto) => (
    <Tag color={priorityColor(a.priority, token)} data-testid="announcement-priority" data-priority={a.priority}>
      {t(`announcements.priorities.${a.priority}` as 'announcements.priorities.1', { defaultValue: String(a.priority) })}
    </Tag>
  );
  const statusText = (a: AnnouncementDto) => (
    <Typography.Text type={a.status ? 'success' : 'secondary'} data-testid="announcement-status">
      {t(a.status ? 'announcements.active' : 'announcements.inactive')}
    </Typography.Text>
  );
  const mediaText = (a: AnnouncementDto, maxWidth: number) => (
    <Typography.Text ellipsis type={a.mediaName ? undefined : 'secondary'} style={{ maxWidth, fontSize: narrow ? 12 : undefined }}>
      {a.mediaName ? (
        <>
          <PaperClipOutlined /> {a.mediaName}
        </>
      ) : (
        t('announcements.noMedia')
      )}
    </Typography.Text>
  );

  const columns: TableColumnsType<AnnouncementDto> = [
    {
      key: 'title',
      title: t('announcements.titleField'),
      render: (_, a) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis style={{ maxWidth: narrow ? 170 : 360 }} strong>
            {a.title}
          </Typography.Text>
          {/* At phone width the other columns fold under the title. */}
          {narrow ? (
            <Flex wrap gap={4} align="center">
              {priorityTag(a)}
              {statusText(a)}
            </Flex>
          ) : null}
          {narrow && a.mediaName ? mediaText(a, 170) : null}
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          { key: 'priority', title: t('announcements.priority'), width: 110, render: (_: unknown, a: AnnouncementDto) => priorityTag(a) },
          { key: 'media', title: t('announcements.media'), render: (_: unknown, a: AnnouncementDto) => mediaText(a, 240) },
          { key: 'status', title: t('announcements.status'), width: 100, render: (_: unknown, a: AnnouncementDto) => statusText(a) },
        ]),
    actionsColumn(t('announcements.actions'), narrow ? 80 : 110, (a) => (
      <RowActions
        edit={{ label: t('announcements.edit'), testId: 'announcement-edit', onClick: () => dialog.edit(a) }}
        remove={{ label: t('announcements.delete'), testId: 'announcement-delete', title: t('announcements.deleteTitle', { title: a.title }), description: t('announcements.deleteText'), onConfirm: () => onDelete(a) }}
      />
    )),
  ];

  return (
    <ListPage<AnnouncementDto>
      {...list.page}
      testId="announcements"
      title={t('announcements.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('announcements.search') }}
      actions={<AddButton label={t('announcements.add')} testId="announcements-add" onClick={dialog.add} iconOnly={narrow} />}
      columns={columns}
      rowTestId="announcement-row"
      rowData={(a) => ({ 'data-status': a.status ? 'active' : 'inactive' })}
      emptyText={t(list.search ? 'announcements.noMatch' : 'announcements.empty')}
    >
      <AnnouncementModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
