import { boolean, foreignKey, index, integer, jsonb, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SandboxOutboxKind, SandboxOutboxMedia } from '@balcao/shared';
import { timestamps } from '../../../db/columns';
import { tenantTable } from '../../companies/companies.table';
import { whatsapps } from '../whatsapp.table';

/** What the simulated customers' phones received from us (the sandbox "network"). */
export const sandboxOutbox = tenantTable(
  'sandbox_outbox',
  {
    whatsappId: integer('whatsapp_id').notNull(),
    waMessageId: varchar('wa_message_id', { length: 128 }).notNull(),
    to: varchar('to', { length: 30 }).notNull(),
    body: text('body').notNull().default(''),
    ack: integer('ack').notNull().default(1),
    kind: varchar('kind', { length: 20 }).$type<SandboxOutboxKind>().notNull().default('text'),
    media: jsonb('media').$type<SandboxOutboxMedia>(),
    quotedId: varchar('quoted_id', { length: 128 }),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps(),
  },
  // A retried send job delivers the same id again: the phone shows it once.
  (t) => [
    index('sandbox_outbox_to').on(t.whatsappId, t.to, t.id),
    uniqueIndex('sandbox_outbox_wa_id').on(t.whatsappId, t.waMessageId),
    foreignKey({ name: 'sandbox_outbox_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);

/**
 * Our reaction per message of a simulated chat, ours or the customer's (the customer's messages
 * are not in the outbox, yet agents react to them most). One per target: a new emoji replaces it.
 */
export const sandboxReactions = tenantTable(
  'sandbox_reactions',
  {
    whatsappId: integer('whatsapp_id').notNull(),
    to: varchar('to', { length: 30 }).notNull(),
    targetWaMessageId: varchar('target_wa_message_id', { length: 128 }).notNull(),
    emoji: varchar('emoji', { length: 32 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sandbox_reactions_target').on(t.whatsappId, t.targetWaMessageId),
    foreignKey({ name: 'sandbox_reactions_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);
