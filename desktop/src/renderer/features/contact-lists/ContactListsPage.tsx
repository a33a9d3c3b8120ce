import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ContactListDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { downloadBlob } from '../../lib/download';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { contactListsApi } from './contact-lists.api';
import { useContactLists } from './contact-lists.store';
import { ContactListModal } from './ContactListModal';

/** The spec's search debounce (administration.md §9). */
const SEARCH_DEBOUNCE_MS = 500;
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
  const narrow = useMediaQuery('(max-width: 575px)');
  const records = useContactLists((s) => s.records);
  const count = useContactLists((s) => s.count);
  const loading = useContactLists((s) => s.loading);
  const loaded = useContactLists((s) => s.loaded);
  const hasMore = useContactLists((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; list: ContactListDto | null }>({ open: false, list: null });
  const example = useExampleSheet();
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      listenLive('contactList', (p) => {
        if (p.action === 'delete') useContactLists.getState().remove(p.contactListId);
        else if (p.action !== 'import') useContactLists.getState().upsert(p.contactList);
      }),
    [],
  );
  useEffect(() => () => useContactLists.getState().reset(), []);
  useEffect(() => {
    useContactLists.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useContactLists.getState().loadMore().catch(toastError);
  }, []);
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, list: null }), []);
  const onSaved = useCallback((l: ContactListDto) => useContactLists.getState().upsert(l), []);
  const onDelete = async (l: ContactListDto) => {
    try {
      await contactListsApi.remove(l.id);
      useContactLists.getState().remove(l.id);
      toast.success(t('contactLists.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const columns: TableColumnsType<ContactListDto> = [
    { key: 'name', title: t('contactLists.name'), render: (_, l) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 140 : 420 }}>{l.name}</Typography.Text> },
    { key: 'contacts', title: t('contactLists.contacts'), align: 'center', width: narrow ? 72 : 120, render: (_, l) => <span data-testid="cl-count">{l.contactsCount}</span> },
    {
      key: 'actions',
      title: t('contactLists.actions'),
      align: 'center',
      width: narrow ? 132 : 170,
      render: (_, l) => (
        <Space size={4} wrap={false}>
          <Tooltip title={t('contactLists.example')}>
            <Button size="small" icon={<DownloadOutlined />} aria-label={t('contactLists.example')} loading={example.busy} onClick={() => void example.download()} data-testid="cl-example" />
          </Tooltip>
          <Tooltip title={t('contactLists.open')}>
            <Button size="small" icon={<TeamOutlined />} aria-label={t('contactLists.open')} onClick={() => navigate(`/contact-lists/${l.id}/contacts`)} data-testid="cl-open" />
          </Tooltip>
          <Tooltip title={t('contactLists.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('contactLists.edit')} onClick={() => setDialog({ open: true, list: l })} data-testid="cl-edit" />
          </Tooltip>
          <Popconfirm
            title={t('contactLists.deleteTitle', { name: l.name })}
            description={t('contactLists.deleteText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'cl-delete-confirm' }}
            onConfirm={() => onDelete(l)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('contactLists.delete')} data-testid="cl-delete" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('contactLists.title')} {loaded ? <Typography.Text type="secondary" data-testid="cl-total">({count})</Typography.Text> : null}
        </Typography.Title>
        <Flex gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 460px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('contactLists.search')}
            aria-label={t('contactLists.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="cl-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, list: null })} data-testid="cl-add">
            {narrow ? null : t('contactLists.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="cl-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="cl-scroll">
          <Table<ContactListDto>
            data-testid="cl-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t(search ? 'contactLists.noMatch' : 'contactLists.empty') }}
            onRow={(l) => ({ 'data-testid': 'cl-row', 'data-id': l.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }}>
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <ContactListModal open={dialog.open} list={dialog.list} onClose={closeDialog} onSaved={onSaved} />
    </Card>
  );
};
