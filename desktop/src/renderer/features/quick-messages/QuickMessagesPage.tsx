import { useEffect } from 'react';
import { Button, Flex, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckCircleFilled, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canEditQuickMessage, type QuickMessageDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { quickMessagesApi } from './quick-messages.api';
import { bindQuickMessageSocket } from './quick-messages.socket';
import { useQuickMessages } from './quick-messages.store';
import { QuickMessageModal } from './QuickMessageModal';

/** /quick-messages: the company's quick replies the caller may see, live, with add/edit/delete. */
export const QuickMessagesPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const user = useSession((s) => s.user);
  // Live through its own socket binding (the composer's autocomplete shares it); pages by 'Carregar mais'.
  const list = usePagedListPage(useQuickMessages);
  const dialog = useEditDialog<QuickMessageDto>();

  useEffect(() => bindQuickMessageSocket(), []);

  const onDelete = list.deleter(quickMessagesApi.remove, t('quickMessages.deleted'));
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
    actionsColumn(t('quickMessages.actions'), narrow ? 84 : 96, (q) =>
      editable(q) ? (
        <RowActions
          edit={{ label: t('quickMessages.edit'), testId: 'quick-edit', onClick: () => dialog.edit(q) }}
          remove={{ label: t('quickMessages.delete'), testId: 'quick-delete', title: t('quickMessages.deleteTitle', { shortcode: q.shortcode }), description: t('quickMessages.deleteText'), onConfirm: () => onDelete(q) }}
        />
      ) : (
        <Tooltip title={t('quickMessages.notYours')}>
          <Button size="small" icon={<EditOutlined />} disabled aria-label={t('quickMessages.notYours')} data-testid="quick-locked" />
        </Tooltip>
      ),
    ),
  ];

  const { loading, hasMore, loadMore } = list.paging;
  return (
    <ListPage<QuickMessageDto>
      testId="quick"
      title={t('quickMessages.title')}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('quickMessages.search') }}
      actions={<AddButton label={t('quickMessages.add')} testId="quick-add" onClick={dialog.add} />}
      toolbarFlex="0 1 420px"
      loaded={list.loaded}
      columns={columns}
      records={list.records}
      rowTestId="quick-message-row"
      tableTestId="quick-messages-table"
      tableLoading={loading && list.loaded && !hasMore}
      emptyText={t('common.noRecords')}
    >
      {hasMore ? (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button loading={loading} onClick={() => void loadMore().catch(toastError)} data-testid="quick-load-more">
            {t('quickMessages.loadMore')}
          </Button>
        </Flex>
      ) : null}
      <QuickMessageModal open={dialog.open} record={dialog.record} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
