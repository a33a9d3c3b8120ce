import { useCallback, useEffect, useState } from 'react';
import { Button, Skeleton, Typography, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ContactListDto, ContactListItemDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { contactListsApi } from './contact-lists.api';
import { showItemsOf, shownItemsList, useContactListItems } from './contact-lists.store';
import { ContactListImportDialog } from './ContactListImportDialog';
import { ContactListItemModal } from './ContactListItemModal';
import { ValidityIcon } from './ValidityIcon';

/**
 * /contact-lists/:contactListId/contacts (administration.md §2): the list's name as title; search,
 * back, import a sheet, add; WhatsApp validity icon, name, number, email, edit/delete; live
 * (edits, imports and the check job's verdicts).
 */
export const ContactListItemsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const listId = Number(useParams().contactListId);
  const [list, setList] = useState<ContactListDto | null>(null);
  // Before the list's first load (declared first, this effect runs first): the store fetches this list's items.
  useEffect(() => showItemsOf(listId), [listId]);
  const items = usePagedListPage(useContactListItems, {
    scope: listId,
    live: {
      channel: 'contactListItem',
      change: (p) =>
        p.action === 'delete' ? (p.contactListId === shownItemsList() ? { removed: p.itemId } : null) : p.item.contactListId === shownItemsList() ? { record: p.item } : null,
    },
  });
  const dialog = useEditDialog<ContactListItemDto>();
  const [importing, setImporting] = useState(false);

  useEffect(
    () =>
      cancelable(() => contactListsApi.show(listId), {
        then: setList,
        failed: (err) => {
          toastError(err);
          void navigate('/contact-lists', { replace: true });
        },
      }),
    [listId, navigate],
  );
  useEffect(
    () =>
      listenLive('contactList', (p) => {
        if (p.action === 'delete' && p.contactListId === shownItemsList()) navigate('/contact-lists', { replace: true });
        else if ((p.action === 'update' || p.action === 'create') && p.contactList.id === shownItemsList()) setList(p.contactList);
      }),
    [navigate],
  );

  const reload = useCallback(() => {
    useContactListItems.getState().load(useContactListItems.getState().search).catch(toastError);
  }, []);
  const onDelete = items.deleter(contactListsApi.removeItem, t('contactLists.items.deleted'));

  const columns: TableColumnsType<ContactListItemDto> = [
    { key: 'valid', title: narrow ? null : t('contactLists.items.whatsapp'), align: 'center', width: narrow ? 36 : 90, render: (_, i) => <ValidityIcon valid={i.isWhatsappValid} /> },
    { key: 'name', title: t('contactLists.items.name'), render: (_, i) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 110 : 260 }}>{i.name}</Typography.Text> },
    { key: 'number', title: t('contactLists.items.number'), render: (_, i) => <span data-testid="cl-item-number-cell">{i.number}</span> },
    ...(narrow ? [] : [{ key: 'email', title: t('contactLists.items.email'), render: (_: unknown, i: ContactListItemDto) => <Typography.Text ellipsis style={{ maxWidth: 240 }}>{i.email}</Typography.Text> }]),
    actionsColumn(t('contactLists.actions'), narrow ? 72 : 96, (i) => (
      <RowActions
        edit={{ label: t('contactLists.edit'), testId: 'cl-item-edit', onClick: () => dialog.edit(i) }}
        remove={{
          label: t('contactLists.delete'),
          testId: 'cl-item-delete',
          title: t('contactLists.items.deleteTitle', { name: i.name }),
          description: t('contactLists.items.deleteText'),
          onConfirm: () => onDelete(i),
        }}
      />
    )),
  ];

  return (
    <ListPage<ContactListItemDto>
      testId="cl-items"
      back={{ label: t('contactLists.items.back'), testId: 'cl-items-back', onClick: () => navigate('/contact-lists') }}
      title={list ? list.name : <Skeleton.Input active size="small" />}
      count={items.count}
      search={{ value: items.search, onChange: items.setSearch, placeholder: t('contactLists.search') }}
      actions={
        <>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="cl-items-import" aria-label={t('contactLists.items.import')}>
            {narrow ? null : t('contactLists.items.import')}
          </Button>
          <AddButton label={t('contactLists.items.add')} testId="cl-items-add" onClick={dialog.add} iconOnly={narrow} />
        </>
      }
      toolbarFlex="0 1 560px"
      loaded={items.loaded}
      columns={columns}
      records={items.records}
      rowTestId="cl-item-row"
      emptyText={t(items.search ? 'contactLists.items.noMatch' : 'contactLists.items.empty')}
      paging={items.paging}
    >
      <ContactListItemModal open={dialog.open} contactListId={listId} record={dialog.record} onClose={dialog.close} onSaved={items.upsert} />
      <ContactListImportDialog open={importing} contactListId={listId} onClose={() => setImporting(false)} onImported={reload} />
    </ListPage>
  );
};
