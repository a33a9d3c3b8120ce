import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ContactListDto, ContactListItemDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { contactListsApi } from './contact-lists.api';
import { showItemsOf, shownItemsList, useContactListItems } from './contact-lists.store';
import { ContactListImportDialog } from './ContactListImportDialog';
import { ContactListItemModal } from './ContactListItemModal';
import { ValidityIcon } from './ValidityIcon';

const SEARCH_DEBOUNCE_MS = 500;

/**
 * /contact-lists/:contactListId/contacts (administration.md §2): the list's name as title; search,
 * back, import a sheet, add; WhatsApp validity icon, name, number, email, edit/delete; live
 * (edits, imports and the check job's verdicts).
 */
export const ContactListItemsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 575px)');
  const listId = Number(useParams().contactListId);
  const [list, setList] = useState<ContactListDto | null>(null);
  const records = useContactListItems((s) => s.records);
  const count = useContactListItems((s) => s.count);
  const loading = useContactListItems((s) => s.loading);
  const loaded = useContactListItems((s) => s.loaded);
  const hasMore = useContactListItems((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; item: ContactListItemDto | null }>({ open: false, item: null });
  const [importing, setImporting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    contactListsApi.show(listId).then(
      (l) => live && setList(l),
      (err: unknown) => {
        toastError(err);
        if (live) navigate('/contact-lists', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [listId, navigate]);
  useEffect(
    () =>
      listenLive('contactListItem', (p) => {
        if (p.action === 'delete') {
          if (p.contactListId === shownItemsList()) useContactListItems.getState().remove(p.itemId);
        } else if (p.item.contactListId === shownItemsList()) useContactListItems.getState().upsert(p.item);
      }),
    [],
  );
  useEffect(
    () =>
      listenLive('contactList', (p) => {
        if (p.action === 'delete' && p.contactListId === shownItemsList()) navigate('/contact-lists', { replace: true });
        else if ((p.action === 'update' || p.action === 'create') && p.contactList.id === shownItemsList()) setList(p.contactList);
      }),
    [navigate],
  );
  useEffect(() => () => useContactListItems.getState().reset(), []);
  useEffect(() => {
    showItemsOf(listId);
    useContactListItems.getState().load(debounced).catch(toastError);
  }, [listId, debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useContactListItems.getState().loadMore().catch(toastError);
  }, []);
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, item: null }), []);
  const onSaved = useCallback((i: ContactListItemDto) => useContactListItems.getState().upsert(i), []);
  const reload = useCallback(() => {
    useContactListItems.getState().load(useContactListItems.getState().search).catch(toastError);
  }, []);
  const onDelete = async (i: ContactListItemDto) => {
    try {
      await contactListsApi.removeItem(i.id);
      useContactListItems.getState().remove(i.id);
      toast.success(t('contactLists.items.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const columns: TableColumnsType<ContactListItemDto> = [
    { key: 'valid', title: narrow ? null : t('contactLists.items.whatsapp'), align: 'center', width: narrow ? 36 : 90, render: (_, i) => <ValidityIcon valid={i.isWhatsappValid} /> },
    { key: 'name', title: t('contactLists.items.name'), render: (_, i) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 110 : 260 }}>{i.name}</Typography.Text> },
    { key: 'number', title: t('contactLists.items.number'), render: (_, i) => <span data-testid="cl-item-number-cell">{i.number}</span> },
    ...(narrow ? [] : [{ key: 'email', title: t('contactLists.items.email'), render: (_: unknown, i: ContactListItemDto) => <Typography.Text ellipsis style={{ maxWidth: 240 }}>{i.email}</Typography.Text> }]),
    {
      key: 'actions',
      title: t('contactLists.actions'),
      align: 'center',
      width: narrow ? 72 : 96,
      render: (_, i) => (
        <Space size={4}>
          <Tooltip title={t('contactLists.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('contactLists.edit')} onClick={() => setDialog({ open: true, item: i })} data-testid="cl-item-edit" />
          </Tooltip>
          <Popconfirm
            title={t('contactLists.items.deleteTitle', { name: i.name })}
            description={t('contactLists.items.deleteText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'cl-item-delete-confirm' }}
            onConfirm={() => onDelete(i)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('contactLists.delete')} data-testid="cl-item-delete" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Tooltip title={t('contactLists.items.back')}>
            <Button icon={<ArrowLeftOutlined />} aria-label={t('contactLists.items.back')} onClick={() => navigate('/contact-lists')} data-testid="cl-items-back" />
          </Tooltip>
          <Typography.Title level={4} style={{ margin: 0, minWidth: 0 }} ellipsis data-testid="cl-items-title">
            {list ? list.name : <Skeleton.Input active size="small" />} {loaded ? <Typography.Text type="secondary">({count})</Typography.Text> : null}
          </Typography.Title>
        </Flex>
        <Flex gap={8} wrap={false} style={{ flex: narrow ? '1 1 100%' : '0 1 560px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('contactLists.search')}
            aria-label={t('contactLists.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="cl-items-search"
          />
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="cl-items-import" aria-label={t('contactLists.items.import')}>
            {narrow ? null : t('contactLists.items.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, item: null })} data-testid="cl-items-add" aria-label={t('contactLists.items.add')}>
            {narrow ? null : t('contactLists.items.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="cl-items-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 220px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="cl-items-scroll">
          <Table<ContactListItemDto>
            data-testid="cl-items-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t(search ? 'contactLists.items.noMatch' : 'contactLists.items.empty') }}
            onRow={(i) => ({ 'data-testid': 'cl-item-row', 'data-id': i.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }}>
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <ContactListItemModal open={dialog.open} contactListId={listId} item={dialog.item} onClose={closeDialog} onSaved={onSaved} />
      <ContactListImportDialog open={importing} contactListId={listId} onClose={() => setImporting(false)} onImported={reload} />
    </Card>
  );
};
