import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Table, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckCircleFilled, DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canEditQuickMessage, type QuickMessageDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { quickMessagesApi } from './quick-messages.api';
import { bindQuickMessageSocket } from './quick-messages.socket';
import { useQuickMessages } from './quick-messages.store';
import { QuickMessageModal } from './QuickMessageModal';

/** The spec's search debounce (administration.md §9). */
const SEARCH_DEBOUNCE_MS = 500;

/** /quick-messages: the company's quick replies the caller may see, live, with add/edit/delete. */
export const QuickMessagesPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery('(max-width: 575px)');
  const user = useSession((s) => s.user);
  const records = useQuickMessages((s) => s.records);
  const loading = useQuickMessages((s) => s.loading);
  const loaded = useQuickMessages((s) => s.loaded);
  const hasMore = useQuickMessages((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; record: QuickMessageDto | null }>({ open: false, record: null });

  useEffect(() => bindQuickMessageSocket(), []);
  useEffect(() => () => useQuickMessages.getState().reset(), []);
  useEffect(() => {
    useQuickMessages.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const closeDialog = useCallback(() => setDialog({ open: false, record: null }), []);
  const onSaved = useCallback((q: QuickMessageDto) => useQuickMessages.getState().upsert(q), []);
  const onDelete = async (q: QuickMessageDto) => {
    try {
      await quickMessagesApi.remove(q.id);
      useQuickMessages.getState().remove(q.id);
      toast.success(t('quickMessages.deleted'));
    } catch (err) {
      toastError(err);
    }
  };
  const mediaCell = (q: QuickMessageDto, maxWidth: number, small: boolean) => (
    <Typography.Text ellipsis type={q.mediaName ? undefined : 'secondary'} style={{ maxWidth, fontSize: small ? token.fontSizeSM : undefined }}>
      {q.mediaName ?? t('quickMessages.noAttachment')}
    </Typography.Text>
  );
  const editable = (q: QuickMessageDto) => !!user && canEditQuickMessage(user, q);

  const columns: TableColumnsType<QuickMessageDto> = [
    {
      key: 'shortcode',
      title: t('quickMessages.shortcode'),
      render: (_, q) => (
        <Flex vertical>
          <Typography.Text ellipsis style={{ maxWidth: narrow ? 200 : 320 }} type={q.status ? undefined : 'secondary'} delete={!q.status}>
            /{q.shortcode}
          </Typography.Text>
          {/* At phone width the file's name goes under the shortcode instead of its own column. */}
          {narrow ? mediaCell(q, 200, true) : null}
        </Flex>
      ),
    },
    ...(narrow ? [] : [{ key: 'media', title: t('quickMessages.media'), render: (_: unknown, q: QuickMessageDto) => mediaCell(q, 280, false) }]),
    {
      key: 'geral',
      title: t('quickMessages.general'),
      align: 'center',
      width: narrow ? 56 : 72,
      render: (_, q) => (q.geral ? <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('quickMessages.general')} data-testid="quick-general-check" /> : null),
    },
    {
      key: 'actions',
      title: t('quickMessages.actions'),
      align: 'center',
      width: narrow ? 84 : 96,
      render: (_, q) =>
        editable(q) ? (
          <Space size="small">
            <Tooltip title={t('quickMessages.edit')}>
              <Button size="small" icon={<EditOutlined />} aria-label={t('quickMessages.edit')} data-testid="quick-edit" onClick={() => setDialog({ open: true, record: q })} />
            </Tooltip>
            <Popconfirm
              title={t('quickMessages.deleteTitle', { shortcode: q.shortcode })}
              description={t('quickMessages.deleteText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'quick-delete-confirm' }}
              onConfirm={() => onDelete(q)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('quickMessages.delete')} data-testid="quick-delete" />
            </Popconfirm>
          </Space>
        ) : (
          <Tooltip title={t('quickMessages.notYours')}>
            <Button size="small" icon={<EditOutlined />} disabled aria-label={t('quickMessages.notYours')} data-testid="quick-locked" />
          </Tooltip>
        ),
    },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('quickMessages.title')}
        </Typography.Title>
        <Flex gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 420px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('quickMessages.search')}
            aria-label={t('quickMessages.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="quick-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, record: null })} data-testid="quick-add">
            {t('quickMessages.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="quick-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <Table<QuickMessageDto>
          data-testid="quick-messages-table"
          rowKey="id"
          size="small"
          loading={loading && loaded && !hasMore}
          columns={columns}
          dataSource={records}
          pagination={false}
          locale={{ emptyText: t('common.noRecords') }}
          onRow={(q) => ({ 'data-testid': 'quick-message-row', 'data-id': q.id }) as HTMLAttributes<HTMLElement>}
        />
      )}
      {hasMore ? (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button loading={loading} onClick={() => void useQuickMessages.getState().loadMore().catch(toastError)} data-testid="quick-load-more">
            {t('quickMessages.loadMore')}
          </Button>
        </Flex>
      ) : null}
      <QuickMessageModal open={dialog.open} record={dialog.record} onClose={closeDialog} onSaved={onSaved} />
    </Card>
  );
};
