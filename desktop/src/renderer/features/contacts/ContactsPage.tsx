import { useCallback, useState } from 'react';
import { Button, Flex, theme, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, type ContactDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { ContactAvatar } from '../../components/ContactAvatar';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { contactsApi } from './contacts.api';
import { downloadText } from '../../lib/download';
import { CONTACTS_CSV_NAME, contactsCsv } from './contacts.logic';
import { useContacts } from './contacts.store';
import { ContactImportDialog } from './ContactImportDialog';
import { ContactModal } from './ContactModal';
import { PhoneImportBar, PhoneImportButton, usePhoneImport } from './PhoneImport';

/** /contacts: the company's contacts, live, with search, infinite scroll, add/edit/delete, export and import. */
export const ContactsPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const user = useSession((s) => s.user);
  const mayDelete = !!user && can(user, 'contacts-page:deleteContact');
  const list = usePagedListPage(useContacts, { live: { channel: 'contact', change: (p) => (p.action === 'delete' ? { removed: p.contactId } : { record: p.contact }) } });
  const dialog = useEditDialog<ContactDto>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const reload = useCallback(() => void useContacts.getState().load(useContacts.getState().search).catch(toastError), []);
  const phoneImport = usePhoneImport(reload);
  const onDelete = list.deleter(contactsApi.remove, t('contacts.deleted'));
  const onExport = async () => {
    setExporting(true);
    try {
      downloadText(contactsCsv(await contactsApi.all()), CONTACTS_CSV_NAME);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<ContactDto> = [
    {
      key: 'name',
      title: t('contacts.name'),
      render: (_, c) => (
        <Flex gap={8} align="center">
          <ContactAvatar name={c.name} src={c.profilePicUrl} size={narrow ? 28 : 32} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis style={{ maxWidth: narrow ? 170 : 320 }}>
              {c.name}
            </Typography.Text>
            {/* At phone width the number goes under the name instead of its own column. */}
            {narrow ? (
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {c.number}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          { key: 'number', title: t('contacts.number'), render: (_: unknown, c: ContactDto) => c.number },
          {
            key: 'email',
            title: t('contacts.email'),
            render: (_: unknown, c: ContactDto) => (
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                {c.email}
              </Typography.Text>
            ),
          },
        ]),
    actionsColumn(t('contacts.actions'), narrow ? 84 : 96, (c) => (
      <RowActions
        edit={{ label: t('contacts.edit'), testId: 'contact-edit', onClick: () => dialog.edit(c) }}
        remove={mayDelete ? { label: t('contacts.delete'), testId: 'contact-delete', title: t('contacts.deleteTitle', { name: c.name }), description: t('contacts.deleteText'), onConfirm: () => onDelete(c) } : undefined}
      />
    )),
  ];

  return (
    <ListPage<ContactDto>
      {...list.page}
      testId="contacts"
      title={t('contacts.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('contacts.search') }}
      actions={
        <>
          <PhoneImportButton state={phoneImport} />
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="contacts-import">
            {t('contacts.import')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="contacts-export">
            {t('contacts.export')}
          </Button>
          <AddButton label={t('contacts.add')} testId="contacts-add" onClick={dialog.add} />
        </>
      }
      toolbarFlex="0 1 820px"
      banner={<PhoneImportBar progress={phoneImport.progress} />}
      skeleton={{ avatar: true }}
      columns={columns}
      rowTestId="contact-row"
      emptyText={t('common.noRecords')}
    >
      <ContactModal open={dialog.open} contact={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
      <ContactImportDialog open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </ListPage>
  );
};
