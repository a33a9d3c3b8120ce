import { can, type CreateKnowledgeArticleBody, type KnowledgeArticleDto, type ListKnowledgeArticlesResponse, type UpdateKnowledgeArticleBody } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { auditQueries } from '../audit';
import { queuesQueries } from '../queues';
import { allWordsQuery } from './knowledge.query';
import * as repo from './knowledge.repository';

const admin = (ctx: Ctx) => {
  if (!can(ctx, 'knowledge:manage')) throw new AppError('ERR_NO_PERMISSION');
};

export const toArticleDto = (r: repo.ArticleWithQueue): KnowledgeArticleDto => ({
  id: r.id,
  title: r.title,
  body: r.body,
  tags: r.tags,
  queueId: r.queueId,
  queue: r.queueId != null && r.queueName != null ? { id: r.queueId, name: r.queueName } : null,
  companyId: r.companyId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What the audit trail keeps of an article: its title, tags and queue (the body may be long). */
const audited = (r: repo.ArticleRow) => ({ title: r.title, tags: r.tags, queueId: r.queueId, bodyLength: r.body.length });

/** The knowledge base (issue 32 §1; decision 0401): admins write it; the copilot reads it for every agent. */
export const createKnowledgeService = (deps: { data: DataAccess }) => {
  const { data } = deps;
  const mustGet = async (tx: Tx, ctx: Ctx, id: number) => found(await repo.get(tx, ctx.companyId, id), 'ERR_NOT_FOUND');
  const assertQueue = async (tx: Tx, ctx: Ctx, queueId: number | null | undefined) => {
    if (queueId != null && !(await queuesQueries.get(tx, ctx.companyId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
  };
  return {
    page: (ctx: Ctx, q: { searchParam?: string; pageNumber: number }): Promise<ListKnowledgeArticlesResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        const { rows, count, hasMore } = await repo.page(tx, ctx.companyId, { query: allWordsQuery(q.searchParam ?? ''), pageNumber: q.pageNumber });
        return { articles: rows.map(toArticleDto), count, hasMore };
      }),

    show: (ctx: Ctx, id: number): Promise<KnowledgeArticleDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        return toArticleDto(await mustGet(tx, ctx, id));
      }),

    create: (ctx: Ctx, body: CreateKnowledgeArticleBody): Promise<KnowledgeArticleDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        await assertQueue(tx, ctx, body.queueId);
        const row = await repo.insert(tx, { companyId: ctx.companyId, ...body });
        await auditQueries.record(tx, ctx, { entity: 'knowledge-article', entityId: row.id, action: 'create', after: audited(row) });
        return toArticleDto(await mustGet(tx, ctx, row.id));
      }),

    update: (ctx: Ctx, id: number, body: UpdateKnowledgeArticleBody): Promise<KnowledgeArticleDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        const before = await mustGet(tx, ctx, id);
        await assertQueue(tx, ctx, body.queueId);
        const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        const row = (await repo.update(tx, ctx.companyId, id, patch))!;
        await auditQueries.record(tx, ctx, { entity: 'knowledge-article', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        return toArticleDto(await mustGet(tx, ctx, id));
      }),

    remove: (ctx: Ctx, id: number): Promise<void> =>
      data.withTenant(ctx, async ({ tx }) => {
        admin(ctx);
        const before = await mustGet(tx, ctx, id);
        await repo.remove(tx, ctx.companyId, id);
        await auditQueries.record(tx, ctx, { entity: 'knowledge-article', entityId: id, action: 'delete', before: audited(before) });
      }),
  };
};

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
