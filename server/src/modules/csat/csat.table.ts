import { foreignKey, index, integer, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps, ts } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { tickets } from '../tickets/tickets.table';

/**
 * A closed ticket's satisfaction survey (issue 30 §4): asked at close, answered 1–5 by the
 * customer, maybe with a comment. `open_until`: while in the future, the contact's next message on
 * that connection answers it (the score, then the comment) instead of opening a ticket; null once
 * answered in full or passed over. Who and which queue are copied at close, for the reports.
 */
export const csatRatings = tenantTable(
  'csat_ratings',
  {
    ticketId: integer('ticket_id').notNull(),
    contactId: integer('contact_id').notNull(),
    whatsappId: integer('whatsapp_id').notNull(),
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    askedAt: ts('asked_at').notNull(),
    openUntil: ts('open_until'),
    score: smallint('score'),
    ratedAt: ts('rated_at'),
    comment: text('comment'),
    commentAt: ts('comment_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('csat_ratings_ticket').on(t.companyId, t.ticketId),
    // The ingest's probe: is this contact's message on this connection a survey answer?
    index('csat_ratings_open').on(t.companyId, t.contactId, t.whatsappId).where(sql`open_until is not null`),
    index('csat_ratings_rated').on(t.companyId, t.ratedAt).where(sql`score is not null`),
    foreignKey({ name: 'csat_ratings_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
  ],
);
