import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage } from '../../db/paging';
import { queues } from '../queues/queues.table';
import { knowledgeArticles } from './knowledge.table';

/** Every column but the kept search words (PostgreSQL's alone: longer than the body, never shown). */
const { search: _search, ...articleColumns } = getTableColumns(knowledgeArticles);

export type ArticleRow = Omit<typeof knowledgeArticles.$inferSelect, 'search'>;
export type ArticleWithQueue = ArticleRow & { queueName: string | null };

/** One page of the "Base de conhecimento" screen. */
export const ARTICLE_PAGE_SIZE = 40;

const ofCompany = (companyId: number) => eq(knowledgeArticles.companyId, companyId);
const doc = sql`${knowledgeArticles.search}`;
/** On the `knowledge_articles_search` index's column. */
const matches = (query: string): SQL => sql`${doc} @@ to_tsquery('simple'::regconfig, balcao_fold(${query}))`;
const rank = (query: string): SQL => sql`ts_rank(${doc}, to_tsquery('simple'::regconfig, balcao_fold(${query})))`;

const withQueue = { article: articleColumns, queueName: queues.name };
const flat = (r: { article: ArticleRow; queueName: string | null }): ArticleWithQueue => ({ ...r.article, queueName: r.queueName });
const joined = (tx: Tx) =>
  tx
    .select(withQueue)
    .from(knowledgeArticles)
    .leftJoin(queues, and(eq(queues.id, knowledgeArticles.queueId), eq(queues.companyId, knowledgeArticles.companyId)));

export const get = async (tx: Tx, companyId: number, id: number): Promise<ArticleWithQueue | undefined> => {
  const [r] = await joined(tx).where(and(ofCompany(companyId), eq(knowledgeArticles.id, id))).limit(1);
  return r ? flat(r) : undefined;
};

/** The screen's page: every word of the search (best matches first), or all articles by title. */
export const page = async (tx: Tx, companyId: number, q: { query: string; pageNumber: number }) => {
  const where = and(ofCompany(companyId), q.query ? matches(q.query) : undefined);
  const order = q.query ? [sql`${rank(q.query)} desc`, asc(knowledgeArticles.id)] : [asc(knowledgeArticles.title), asc(knowledgeArticles.id)];
  const found = await offsetPage(joined(tx).where(where).orderBy(...order).$dynamic(), q.pageNumber, ARTICLE_PAGE_SIZE, () => countWhere(tx, knowledgeArticles, where));
  return { ...found, rows: found.rows.map(flat) };
};

/**
 * The passages that best match a retrieval query (any of its words), for the ticket's queue or
 * for every queue, best first.
 */
export const bestMatches = async (tx: Tx, companyId: number, query: string, queueId: number | null, limit: number): Promise<ArticleRow[]> =>
  tx
    .select(articleColumns)
    .from(knowledgeArticles)
    .where(and(ofCompany(companyId), matches(query), queueId === null ? undefined : sql`(${knowledgeArticles.queueId} is null or ${knowledgeArticles.queueId} = ${queueId})`))
    .orderBy(sql`${rank(query)} desc`, asc(knowledgeArticles.id))
    .limit(limit);

export const insert = async (tx: Tx, data: typeof knowledgeArticles.$inferInsert): Promise<ArticleRow> => (await tx.insert(knowledgeArticles).values(data).returning(articleColumns))[0]!;

export const update = async (tx: Tx, companyId: number, id: number, patch: Partial<typeof knowledgeArticles.$inferInsert>): Promise<ArticleRow | undefined> =>
  (
    await tx
      .update(knowledgeArticles)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(ofCompany(companyId), eq(knowledgeArticles.id, id)))
      .returning(articleColumns)
  )[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<ArticleRow | undefined> =>
  (await tx.delete(knowledgeArticles).where(and(ofCompany(companyId), eq(knowledgeArticles.id, id))).returning(articleColumns))[0];
