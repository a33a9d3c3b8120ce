import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Table, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, type ContactDto } from '@balcao/shared';
import { ContactAvatar } from '../../components/ContactAvatar';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { contactsApi } from './contacts.api';
import { CONTACTS_CSV_NAME, contactsCsv, downloadText, nearBottom } from './contacts.logic';
import { useContacts } from './contacts.store';
import { ContactImportDialog } from './ContactImportDialog';
import { ContactModal } from './ContactModal';
import { PhoneImportBar, PhoneImportButton, usePhoneImport } from './PhoneImport';

/** The spec's search debounce (administration.md §9). */
const SEARCH_DEBOUNCE_MS = 500;

/** /contacts: the company's contacts, live, with search, infinite scroll, add/edit/delete, export and import. */
export const ContactsPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery('(max-width: 575px)');
  const user = useSession((s) => s.user);
  const mayDelete = !!user && can(user, 'contacts-page:deleteContact');
  const records = useContacts((s) => s.records);
  const count = useContacts((s) => s.count);
  const loading = useContacts((s) => s.loading);
  const loaded = useContacts((s) => s.loaded);
  const hasMore = useContacts((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; contact: ContactDto | null }>({ open: false, contact: null });
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      listenLive('contact', (p) => {
        if (p.action === 'delete') useContacts.getState().remove(p.contactId);
        else useContacts.getState().upsert(p.contact);
      }),
    [],
  );
  useEffect(() => () => useContacts.getState().reset(), []);
  useEffect(() => {
    useContacts.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useContacts.getState().loadMore().catch(toastError);
  }, []);
  // A first page shorter than the box never scrolls: keep loading while the bottom is in view.
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, contact: null }), []);
  const reload = useCallback(() => void useContacts.getState().load(useContacts.getState().search).catch(toastError), []);
  const phoneImport = usePhoneImport(reload);
  const onSaved = useCallback((c: ContactDto) => useContacts.getState().upsert(c), []);
  const onDelete = async (c: ContactDto) => {
    try {
      await contactsApi.remove(c.id);
      useContacts.getState().remove(c.id);
      toast.success(t('contacts.deleted'));
    } catch (err) {
      toastError(err);
    }
  };
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
    {
      key: 'actions',
      title: t('contacts.actions'),
      align: 'center',
      width: narrow ? 84 : 96,
      render: (_, c) => (
        <Space size="small">
          <Tooltip title={t('contacts.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('contacts.edit')} data-testid="contact-edit" onClick={() => setDialog({ open: true, contact: c })} />
          </Tooltip>
          {mayDelete ? (
            <Popconfirm
              title={t('contacts.deleteTitle', { name: c.name })}
              description={t('contacts.deleteText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'contact-delete-confirm' }}
              onConfirm={() => onDelete(c)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('contacts.delete')} data-testid="contact-delete" />
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
          {t('contacts.title')} {loaded ? <Typography.Text type="secondary" data-testid="contacts-count">({count})</Typography.Text> : null}
        </Typography.Title>
        <Flex wrap gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 820px' }} justify="flex-end">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('contacts.search')}
            aria-label={t('contacts.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 200px' }}
            data-testid="contacts-search"
          />
          <PhoneImportButton state={phoneImport} />
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="contacts-import">
            {t('contacts.import')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="contacts-export">
            {t('contacts.export')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, contact: null })} data-testid="contacts-add">
            {t('contacts.add')}
          </Button>
        </Flex>
      </Flex>
      <PhoneImportBar progress={phoneImport.progress} />
      {!loaded ? (
        <div data-testid="contacts-skeleton" aria-busy>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="contacts-scroll">
          <Table<ContactDto>
            data-testid="contacts-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t('common.noRecords') }}
            onRow={(c) => ({ 'data-testid': 'contact-row', 'data-id': c.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }} data-testid="contacts-loading-more">
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <ContactModal open={dialog.open} contact={dialog.contact} onClose={closeDialog} onSaved={onSaved} />
      <ContactImportDialog open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </Card>
  );
};
