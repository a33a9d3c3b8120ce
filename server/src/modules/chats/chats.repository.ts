import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { CHAT_MESSAGES_PAGE_SIZE, CHAT_PAGE_SIZE, type ChatDto, type ChatMessageDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { users } from '../users/users.table';
import { chatMessages, chats, chatUsers } from './chats.table';

export type ChatRow = typeof chats.$inferSelect;

const ofCompany = (companyId: number) => eq(chats.companyId, companyId);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chat by its numeric id or its uuid (the route's `:id` may be either). */
export const find = async (tx: Tx, companyId: number, idOrUuid: number | string): Promise<ChatRow | undefined> => {
  const key = typeof idOrUuid === 'number' ? eq(chats.id, idOrUuid) : UUID.test(idOrUuid) ? eq(chats.uuid, idOrUuid) : undefined;
  if (!key) return undefined;
  return (await tx.select().from(chats).where(and(ofCompany(companyId), key)).limit(1))[0];
};

export const memberIds = async (tx: Tx, companyId: number, chatId: number): Promise<number[]> =>
  (await tx.select({ userId: chatUsers.userId }).from(chatUsers).where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId)))).map((r) => r.userId);

export const isMember = async (tx: Tx, companyId: number, chatId: number, userId: number): Promise<boolean> =>
  (
    await tx
      .select({ id: chatUsers.id })
      .from(chatUsers)
      .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)))
      .limit(1)
  ).length > 0;

/** Which of these user ids are users of the company. */
export const companyUserIds = async (tx: Tx, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length === 0 ? [] : (await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, ids)))).map((r) => r.id);

/** The DTOs of these chats (members with their names and unreads, the owner's name), in the given order. */
export const dtos = async (tx: Tx, companyId: number, rows: ChatRow[]): Promise<ChatDto[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const members = await tx
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, and(eq(users.companyId, chatUsers.companyId), eq(users.id, chatUsers.userId)))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, ids)))
    .orderBy(asc(users.name), asc(chatUsers.userId));
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id != null))];
  const owners = new Map(
    ownerIds.length === 0
      ? []
      : (await tx.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, ownerIds)))).map((u) => [u.id, u] as const),
  );
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    title: r.title,
    ownerId: r.ownerId,
    owner: r.ownerId != null ? (owners.get(r.ownerId) ?? null) : null,
    lastMessage: r.lastMessage,
    companyId: r.companyId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    users: members.filter((m) => m.chatId === r.id).map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  }));
};

export const dto = async (tx: Tx, companyId: number, row: ChatRow): Promise<ChatDto> => (await dtos(tx, companyId, [row]))[0]!;


/** One page of the chats `userId` is a member of, the most recently active first; searched by title. */
export const page = async (tx: Tx, companyId: number, q: { userId: number; searchParam?: string; pageNumber: number }) => {
  const member = sql`exists (select 1 from ${chatUsers} where ${chatUsers.chatId} = ${chats.id} and ${chatUsers.companyId} = ${chats.companyId} and ${chatUsers.userId} = ${q.userId})`;
  const where = and(ofCompany(companyId), member, searched(q.searchParam?.toLowerCase(), (like) => sql`lower(${chats.title}) like ${like}`));
  const query = tx.select().from(chats).where(where).orderBy(desc(chats.updatedAt), desc(chats.id));
  return offsetPage(query.$dynamic(), q.pageNumber, CHAT_PAGE_SIZE, () => countWhere(tx, chats, where));
};

export const insert = async (tx: Tx, data: { companyId: number; title: string; ownerId: number }): Promise<ChatRow> => (await tx.insert(chats).values(data).returning())[0]!;

export const update = async (tx: Tx, companyId: number, id: number, patch: Partial<Pick<ChatRow, 'title' | 'lastMessage'>>): Promise<ChatRow> =>
  (
    await tx
      .update(chats)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(ofCompany(companyId), eq(chats.id, id)))
      .returning()
  )[0]!;

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(chats).where(and(ofCompany(companyId), eq(chats.id, id)));
};

/** Adds the members that are not in yet (unreads 0). */
export const addMembers = async (tx: Tx, companyId: number, chatId: number, userIds: number[]): Promise<void> => {
  if (userIds.length === 0) return;
  await tx
    .insert(chatUsers)
    .values(userIds.map((userId) => ({ companyId, chatId, userId })))
    .onConflictDoNothing();
};

export const removeMembers = async (tx: Tx, companyId: number, chatId: number, userIds: number[]): Promise<void> => {
  if (userIds.length === 0) return;
  await tx.delete(chatUsers).where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), inArray(chatUsers.userId, userIds)));
};

/** Clears one member's unread count; false when nothing was unread. */
export const markRead = async (tx: Tx, companyId: number, chatId: number, userId: number): Promise<boolean> =>
  (
    await tx
      .update(chatUsers)
      .set({ unreads: 0, updatedAt: new Date() })
      .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId), ne(chatUsers.unreads, 0)))
      .returning({ id: chatUsers.id })
  ).length > 0;

/** Every member but the sender has one more unread message. */
export const bumpUnreads = async (tx: Tx, companyId: number, chatId: number, senderId: number): Promise<void> => {
  await tx
    .update(chatUsers)
    .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: new Date() })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));
};

type MessageRow = typeof chatMessages.$inferSelect & { senderName: string | null };

const toMessageDto = (m: MessageRow): ChatMessageDto => ({
  id: m.id,
  chatId: m.chatId,
  senderId: m.senderId,
  sender: m.senderId != null && m.senderName != null ? { id: m.senderId, name: m.senderName } : null,
  message: m.message,
  mediaPath: m.mediaPath,
  mediaName: m.mediaName,
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
});

const messageColumns = {
  id: chatMessages.id,
  companyId: chatMessages.companyId,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  message: chatMessages.message,
  mediaPath: chatMessages.mediaPath,
  mediaName: chatMessages.mediaName,
  createdAt: chatMessages.createdAt,
  updatedAt: chatMessages.updatedAt,
  senderName: users.name,
};

/** Page `pageNumber` counted from the newest, returned oldest first (the conversation's order). */
export const messagesPage = async (tx: Tx, companyId: number, chatId: number, pageNumber: number) => {
  const where = and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId));
  const rows = await tx
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, and(eq(users.companyId, chatMessages.companyId), eq(users.id, chatMessages.senderId)))
    .where(where)
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_MESSAGES_PAGE_SIZE)
    .offset((pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE);
  const [total] = await tx.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(where);
  return { records: rows.reverse().map(toMessageDto), count: total?.n ?? 0 };
};

export const insertMessage = async (tx: Tx, data: { companyId: number; chatId: number; senderId: number; message: string }): Promise<ChatMessageDto> => {
  const row = (await tx.insert(chatMessages).values(data).returning())[0]!;
  const [sender] = await tx.select({ name: users.name }).from(users).where(and(eq(users.companyId, data.companyId), eq(users.id, data.senderId))).limit(1);
  return toMessageDto({ ...row, senderName: sender?.name ?? null });
};
