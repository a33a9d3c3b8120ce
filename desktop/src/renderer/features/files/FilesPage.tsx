import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Spin, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FileListDto } from '@balcao/shared';
import { nearBottom } from '../../lib/by-name';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { filesApi } from './files.api';
import { useFileLists } from './files.store';
import { FileListModal } from './FileListModal';

const SEARCH_DEBOUNCE_MS = 500;

/** /files (administration.md §2): title with count, search (lower-cased), add, name and actions, infinite scroll, delete confirmation; live. */
export const FilesPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const records = useFileLists((s) => s.records);
  const count = useFileLists((s) => s.count);
  const loading = useFileLists((s) => s.loading);
  const loaded = useFileLists((s) => s.loaded);
  const hasMore = useFileLists((s) => s.hasMore);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<{ open: boolean; fileList: FileListDto | null }>({ open: false, fileList: null });
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      listenLive('file', (p) => {
        if (p.action === 'delete') useFileLists.getState().remove(p.fileId);
        else useFileLists.getState().upsert(p.file);
      }),
    [],
  );
  useEffect(() => () => useFileLists.getState().reset(), []);
  useEffect(() => {
    useFileLists.getState().load(debounced).catch(toastError);
  }, [debounced]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom(el)) useFileLists.getState().loadMore().catch(toastError);
  }, []);
  useEffect(() => {
    if (loaded && !loading && hasMore) onScroll();
  }, [loaded, loading, hasMore, records.length, onScroll]);

  const closeDialog = useCallback(() => setDialog({ open: false, fileList: null }), []);
  const onSaved = useCallback((f: FileListDto) => useFileLists.getState().upsert(f), []);
  const onDelete = async (f: FileListDto) => {
    try {
      await filesApi.remove(f.id);
      useFileLists.getState().remove(f.id);
      toast.success(t('files.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const columns: TableColumnsType<FileListDto> = [
    {
      key: 'name',
      title: t('files.name'),
      render: (_, f) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis style={{ maxWidth: narrow ? 190 : 480 }}>{f.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="file-row-count">
            <PaperClipOutlined /> {t('files.filesCount', { count: f.options.filter((o) => o.path).length })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('files.actions'),
      align: 'center',
      width: narrow ? 80 : 110,
      render: (_, f) => (
        <Space size={4}>
          <Tooltip title={t('files.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('files.edit')} onClick={() => setDialog({ open: true, fileList: f })} data-testid="file-edit" />
          </Tooltip>
          <Popconfirm
            title={t('files.deleteTitle', { name: f.name })}
            description={t('files.deleteText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'file-delete-confirm' }}
            onConfirm={() => onDelete(f)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('files.delete')} data-testid="file-delete" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('files.title')} {loaded ? <Typography.Text type="secondary" data-testid="files-count">({count})</Typography.Text> : null}
        </Typography.Title>
        <Flex gap={8} style={{ flex: narrow ? '1 1 100%' : '0 1 460px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('files.search')}
            aria-label={t('files.search')}
            value={search}
            // The spec's search box lower-cases what is typed.
            onChange={(e) => setSearch(e.target.value.toLowerCase())}
            data-testid="files-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, fileList: null })} data-testid="files-add" aria-label={t('files.add')}>
            {narrow ? null : t('files.add')}
          </Button>
        </Flex>
      </Flex>
      {!loaded ? (
        <div data-testid="files-skeleton" aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div ref={scroller} onScroll={onScroll} style={{ maxHeight: narrow ? 'calc(100dvh - 210px)' : 'calc(100dvh - 190px)', overflowY: 'auto' }} data-testid="files-scroll">
          <Table<FileListDto>
            data-testid="files-table"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: t(search ? 'files.noMatch' : 'files.empty') }}
            onRow={(f) => ({ 'data-testid': 'file-row', 'data-id': f.id }) as HTMLAttributes<HTMLElement>}
          />
          {loading && hasMore ? (
            <Flex justify="center" style={{ padding: 12 }}>
              <Spin size="small" />
            </Flex>
          ) : null}
        </div>
      )}
      <FileListModal open={dialog.open} fileList={dialog.fileList} onClose={closeDialog} onSaved={onSaved} />
    </Card>
  );
};
