import { sql } from 'drizzle-orm';
import { customType, foreignKey, index, integer, text, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { queues } from '../queues/queues.table';

/** PostgreSQL's tsvector: only ever written by PostgreSQL itself (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A company's knowledge base (issue 32 §1): articles the copilot grounds its drafts in. Searched
 * like message text (migration 0010): `balcao_fold` (unaccented, lower case) under the 'simple'
 * configuration, so "ação", "Acao" and "AÇÃO" are one word; title and tags weigh more than the body.
 */
export const knowledgeArticles = tenantTable(
  'knowledge_articles',
  {
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The queue the article is about; null: every queue. */
    queueId: integer('queue_id'),
    /**
     * The article's words, kept with the row (issue 32's bench: ranking recomputed them for every
     * matching article, 250 ms a request at 500 articles); searched and ranked from here.
     */
    search: tsvector('search').generatedAlwaysAs(sql`balcao_knowledge_doc(title, body, tags)`),
    ...timestamps(),
  },
  (t) => [
    unique('knowledge_articles_company_id_id').on(t.companyId, t.id),
    // ON DELETE SET NULL (queue_id) in the migration: company_id stays.
    foreignKey({ name: 'knowledge_articles_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('set null'),
    index('knowledge_articles_search').using('gin', t.companyId, t.search),
  ],
);
