import { Flex, Typography, type TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FileListDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { filesApi } from './files.api';
import { useFileLists } from './files.store';
import { FileListModal } from './FileListModal';

/** /files (administration.md §2): title with count, search (lower-cased), add, name and actions, infinite scroll, delete confirmation; live. */
export const FilesPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const list = usePagedListPage(useFileLists, {
    lowerCase: true,
    live: { channel: 'file', change: (p) => (p.action === 'delete' ? { removed: p.fileId } : { record: p.file }) },
  });
  const dialog = useEditDialog<FileListDto>();

  const onDelete = list.deleter(filesApi.remove, t('files.deleted'));

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
    actionsColumn(t('files.actions'), narrow ? 80 : 110, (f) => (
      <RowActions
        edit={{ label: t('files.edit'), testId: 'file-edit', onClick: () => dialog.edit(f) }}
        remove={{ label: t('files.delete'), testId: 'file-delete', title: t('files.deleteTitle', { name: f.name }), description: t('files.deleteText'), onConfirm: () => onDelete(f) }}
      />
    )),
  ];

  return (
    <ListPage<FileListDto>
      {...list.page}
      testId="files"
      title={t('files.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('files.search') }}
      actions={<AddButton label={t('files.add')} testId="files-add" onClick={dialog.add} iconOnly={narrow} />}
      columns={columns}
      rowTestId="file-row"
      emptyText={t(list.search ? 'files.noMatch' : 'files.empty')}
    >
      <FileListModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
