import { useState } from 'react';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ContactListDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { downloadBlob } from '../../lib/download';
import { toastError } from '../../lib/reportError';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { contactListsApi } from './contact-lists.api';
import { useContactLists } from './contact-lists.store';
import { ContactListModal } from './ContactListModal';

export const EXAMPLE_SHEET_NAME = 'exemplo-lista-de-contatos.xlsx';

/** Downloads the example sheet (headers in the UI's language). */
export const useExampleSheet = () => {
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(await contactListsApi.example(i18n.language), EXAMPLE_SHEET_NAME);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
};

/** /contact-lists (administration.md §2): search, scroll, name, contacts count; example sheet, contacts, edit, delete; live. */
export const ContactListsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const list = usePagedListPage(useContactLists, {
    live: { channel: 'contactList', change: (p) => (p.action === 'delete' ? { removed: p.contactListId } : p.action === 'import' ? null : { record: p.contactList }) },
  });
  const dialog = useEditDialog<ContactListDto>();
  const example = useExampleSheet();

  const onDelete = list.deleter(contactListsApi.remove, t('contactLists.deleted'));

  const columns: TableColumnsType<ContactListDto> = [
    { key: 'name', title: t('contactLists.name'), render: (_, l) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 140 : 420 }}>{l.name}</Typography.Text> },
    { key: 'contacts', title: t('contactLists.contacts'), align: 'center', width: narrow ? 72 : 120, render: (_, l) => <span data-testid="cl-count">{l.contactsCount}</span> },
    actionsColumn(t('contactLists.actions'), narrow ? 132 : 170, (l) => (
      <RowActions
        lead={
          <>
            <Tooltip title={t('contactLists.example')}>
              <Button size="small" icon={<DownloadOutlined />} aria-label={t('contactLists.example')} loading={example.busy} onClick={() => void example.download()} data-testid="cl-example" />
            </Tooltip>
            <Tooltip title={t('contactLists.open')}>
              <Button size="small" icon={<TeamOutlined />} aria-label={t('contactLists.open')} onClick={() => navigate(`/contact-lists/${l.id}/contacts`)} data-testid="cl-open" />
            </Tooltip>
          </>
        }
        edit={{ label: t('contactLists.edit'), testId: 'cl-edit', onClick: () => dialog.edit(l) }}
        remove={{ label: t('contactLists.delete'), testId: 'cl-delete', title: t('contactLists.deleteTitle', { name: l.name }), description: t('contactLists.deleteText'), onConfirm: () => onDelete(l) }}
      />
    )),
  ];

  return (
    <ListPage<ContactListDto>
      {...list.page}
      testId="cl"
      title={t('contactLists.title')}
      // `cl-count` is each row's contacts count.
      countTestId="cl-total"
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('contactLists.search') }}
      actions={<AddButton label={t('contactLists.add')} testId="cl-add" onClick={dialog.add} iconOnly={narrow} />}
      columns={columns}
      rowTestId="cl-row"
      emptyText={t(list.search ? 'contactLists.noMatch' : 'contactLists.empty')}
    >
      <ContactListModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
