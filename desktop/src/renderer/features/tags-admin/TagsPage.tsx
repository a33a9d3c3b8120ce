import { Switch, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, type TagListItemDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { useBusyKey } from '../../lib/useBusy';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { tagsAdminApi } from './tags-admin.api';
import { textOn } from './tags-admin.logic';
import { useTagsAdmin } from './tags-admin.store';
import { TagModal } from './TagModal';

/** /tags (administration.md §2): the company's tags in their colours, tickets count, kanban switch, add/edit/delete, live. */
export const TagsPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const me = useSession((s) => s.user);
  const mayKanban = !!me && can(me, 'tags:setKanban');
  const mayDelete = !!me && can(me, 'tags:delete');
  const list = usePagedListPage(useTagsAdmin, { live: { channel: 'tag', change: (p) => (p.action === 'delete' ? { removed: p.tagId } : { record: p.tag }) } });
  const dialog = useEditDialog<TagListItemDto>();
  const [switching, run] = useBusyKey<number>();

  const onDelete = list.deleter(tagsAdminApi.remove, t('tagsAdmin.deleted'));
  const onKanban = (g: TagListItemDto, on: boolean) =>
    run(async () => {
      useTagsAdmin.getState().upsert(await tagsAdminApi.update(g.id, { name: g.name, kanban: on }));
    }, g.id);

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
    actionsColumn(t('tagsAdmin.actions'), narrow ? 84 : 96, (g) => (
      <RowActions
        edit={{ label: t('tagsAdmin.edit'), testId: 'tag-edit', onClick: () => dialog.edit(g) }}
        remove={mayDelete ? { label: t('tagsAdmin.delete'), testId: 'tag-delete', title: t('tagsAdmin.deleteTitle', { name: g.name }), description: t('tagsAdmin.deleteText'), onConfirm: () => onDelete(g) } : undefined}
      />
    )),
  ];

  return (
    <ListPage<TagListItemDto>
      {...list.page}
      testId="tags"
      title={t('tagsAdmin.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('tagsAdmin.search') }}
      actions={<AddButton label={t('tagsAdmin.add')} testId="tags-add" onClick={dialog.add} />}
      columns={columns}
      rowTestId="tag-row"
      emptyText={t(list.search ? 'tagsAdmin.noMatch' : 'tagsAdmin.empty')}
    >
      <TagModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
