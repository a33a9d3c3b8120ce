import { useEffect, useState } from 'react';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KnowledgeArticleDto, QueueDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage, usePagedListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { cancelable } from '../../lib/cancelable';
import { formatDate } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { ArticleModal } from './ArticleModal';
import { CopilotPanel } from './CopilotPanel';
import { knowledgeApi } from './knowledge.api';
import { useKnowledge } from './knowledge.store';

/** /knowledge (issue 32 §1): the copilot's settings and usage, then the company's articles — searched in full text, added, edited, deleted. */
export const KnowledgePage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const list = usePagedListPage(useKnowledge);
  const dialog = useEditDialog<KnowledgeArticleDto>();
  const [queues, setQueues] = useState<QueueDto[]>([]);

  useEffect(() => cancelable(() => knowledgeApi.queues(), { then: setQueues }), []);

  const onDelete = list.deleter(knowledgeApi.remove, t('knowledge.deleted'));
  const columns: TableColumnsType<KnowledgeArticleDto> = [
    {
      key: 'title',
      title: t('knowledge.articleTitle'),
      render: (_, a) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ maxWidth: narrow ? 210 : 420 }}>
            {a.title}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: narrow ? 210 : 520, fontSize: 12 }}>
            {a.body}
          </Typography.Text>
          {a.tags.length ? (
            <Flex wrap gap={4}>
              {a.tags.map((tag) => (
                <Tag key={tag} bordered={false} style={{ marginInlineEnd: 0 }}>
                  {tag}
                </Tag>
              ))}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          { key: 'queue', title: t('knowledge.queue'), width: 180, render: (_: unknown, a: KnowledgeArticleDto) => a.queue?.name ?? t('knowledge.allQueues') },
          { key: 'updated', title: t('knowledge.updatedAt'), width: 130, render: (_: unknown, a: KnowledgeArticleDto) => formatDate(a.updatedAt) },
        ]),
    actionsColumn(t('knowledge.actions'), narrow ? 84 : 96, (a) => (
      <RowActions
        edit={{ label: t('knowledge.edit'), testId: 'article-edit', onClick: () => dialog.edit(a) }}
        remove={{ label: t('knowledge.delete'), testId: 'article-delete', title: t('knowledge.deleteTitle', { title: a.title }), description: t('knowledge.deleteText'), onConfirm: () => onDelete(a) }}
      />
    )),
  ];

  const { loading, hasMore, loadMore } = list.paging;
  return (
    <ListPage<KnowledgeArticleDto>
      testId="knowledge"
      title={t('knowledge.title')}
      count={list.count}
      search={{ value: list.search, onChange: list.setSearch, placeholder: t('knowledge.search') }}
      actions={<AddButton label={t('knowledge.add')} testId="knowledge-add" onClick={dialog.add} iconOnly={narrow} />}
      banner={<CopilotPanel />}
      loaded={list.loaded}
      columns={columns}
      records={list.records}
      rowTestId="article-row"
      tableLoading={loading && list.loaded && !hasMore}
      emptyText={<span data-testid="knowledge-empty">{list.search.trim() ? t('knowledge.emptySearch') : t('knowledge.empty')}</span>}
    >
      {hasMore ? (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button loading={loading} onClick={() => void loadMore().catch(toastError)} data-testid="knowledge-load-more">
            {t('knowledge.loadMore')}
          </Button>
        </Flex>
      ) : null}
      <ArticleModal open={dialog.open} record={dialog.record} queues={queues} onClose={dialog.close} onSaved={list.upsert} />
    </ListPage>
  );
};
