import { bigserial, foreignKey, index, integer, pgTable, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from '../../db/columns';
import { companies, tenantTable } from '../companies/companies.table';
import { users } from '../users/users.table';

/**
 * Internal chat (attendance.md §2–§5, issue 15): conversations between a company's users. The
 * owner created it and alone edits or deletes it; `uuid` is what the routes /chats/:uuid show.
 */
export const chats = tenantTable(
  'chats',
  {
    uuid: uuid('uuid').notNull().default(sql`gen_random_uuid()`),
    title: varchar('title', { length: 200 }).notNull(),
    ownerId: integer('owner_id'),
    lastMessage: text('last_message').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    unique('chats_company_id_id').on(t.companyId, t.id),
    unique('chats_uuid').on(t.uuid),
    index('chats_company_updated').on(t.companyId, t.updatedAt.desc()),
    // The owner leaving the company keeps the chat (its members still talk); nobody owns it then.
    foreignKey({ name: 'chats_owner_fk', columns: [t.companyId, t.ownerId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);

/** A chat's members, each with their own unread count (cleared by POST /chats/:id/read). */
export const chatUsers = tenantTable(
  'chat_users',
  {
    chatId: integer('chat_id').notNull(),
    userId: integer('user_id').notNull(),
    unreads: integer('unreads').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    unique('chat_users_chat_user').on(t.chatId, t.userId),
    index('chat_users_user').on(t.userId, t.chatId),
    foreignKey({ name: 'chat_users_chat_fk', columns: [t.companyId, t.chatId], foreignColumns: [chats.companyId, chats.id] }).onDelete('cascade'),
    foreignKey({ name: 'chat_users_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/** One message of a chat; pages read (chat_id, id desc). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id').notNull(),
    senderId: integer('sender_id'),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path').notNull().default(''),
    mediaName: text('media_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('chat_messages_chat_id').on(t.chatId, t.id.desc()),
    foreignKey({ name: 'chat_messages_chat_fk', columns: [t.companyId, t.chatId], foreignColumns: [chats.companyId, chats.id] }).onDelete('cascade'),
    foreignKey({ name: 'chat_messages_sender_fk', columns: [t.companyId, t.senderId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);
