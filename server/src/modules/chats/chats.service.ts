import {
  CHAT_MESSAGES_PAGE_SIZE,
  canEditChat,
  chatMsg,
  type ChatDto,
  type ChatMessageDto,
  type CreateChatBody,
  type ListChatMessagesResponse,
  type ListChatsResponse,
  type UpdateChatBody,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import * as repo from './chats.repository';

const actor = (ctx: Ctx) => ({ id: ctx.userId });

/**
 * The internal chat (attendance.md §2–§5; decisions 0290–0294). A chat is seen only by its
 * members: anyone else of the company, like another company, gets ERR_NO_CHAT_FOUND. Only the
 * owner edits or deletes it (ERR_NO_PERMISSION for other members).
 */
export const createChatsService = (data: DataAccess) => {
  /** The chat the caller is a member of, or 404. */
  const mine = async (tx: Tx, ctx: Ctx, id: number | string) => {
    const row = await repo.find(tx, ctx.companyId, id);
    if (!row || !(await repo.isMember(tx, ctx.companyId, row.id, ctx.userId))) throw new AppError('ERR_NO_CHAT_FOUND');
    return row;
  };
  /** The chat the caller owns, or 404 (not a member) / 403 (a member, not the owner). */
  const owned = async (tx: Tx, ctx: Ctx, id: number | string) => {
    const row = await mine(tx, ctx, id);
    if (!canEditChat(actor(ctx), row)) throw new AppError('ERR_NO_PERMISSION');
    return row;
  };
  /** The members a body names, all of the company, without the owner; at least one. */
  const others = async (tx: Tx, ctx: Ctx, ids: number[]) => {
    const wanted = ids.filter((id) => id !== ctx.userId);
    if (wanted.length === 0) throw new AppError('ERR_VALIDATION', chatMsg.usersRequired, { issues: [{ path: 'users', message: chatMsg.usersRequired }] });
    const found = await repo.companyUserIds(tx, ctx.companyId, wanted);
    if (found.length !== wanted.length) throw new AppError('ERR_NO_USER_FOUND');
    return wanted;
  };

  return {
    /** `GET /chats/`: the caller's chats, each with every member's unreads. */
    page: (ctx: Ctx, q: { searchParam?: string; pageNumber: number }): Promise<ListChatsResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const { rows, count, hasMore } = await repo.page(tx, ctx.companyId, { userId: ctx.userId, ...q });
        return { records: await repo.dtos(tx, ctx.companyId, rows), count, hasMore };
      }),

    show: (ctx: Ctx, id: number | string): Promise<ChatDto> => data.withTenant(ctx, async ({ tx }) => repo.dto(tx, ctx.companyId, await mine(tx, ctx, id))),

    create: (ctx: Ctx, body: CreateChatBody): Promise<ChatDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const members = await others(tx, ctx, body.users);
        const row = await repo.insert(tx, { companyId: ctx.companyId, title: body.title, ownerId: ctx.userId });
        await repo.addMembers(tx, ctx.companyId, row.id, [ctx.userId, ...members]);
        const chat = await repo.dto(tx, ctx.companyId, row);
        stage({ type: 'chat.saved', companyId: ctx.companyId, chat, created: true, removedUserIds: [] });
        return chat;
      }),

    update: (ctx: Ctx, id: number | string, body: UpdateChatBody): Promise<ChatDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const before = await owned(tx, ctx, id);
        let removed: number[] = [];
        if (body.users) {
          const members = await others(tx, ctx, body.users);
          const current = await repo.memberIds(tx, ctx.companyId, before.id);
          removed = current.filter((u) => u !== ctx.userId && !members.includes(u));
          await repo.removeMembers(tx, ctx.companyId, before.id, removed);
          await repo.addMembers(tx, ctx.companyId, before.id, [ctx.userId, ...members]);
        }
        const row = await repo.update(tx, ctx.companyId, before.id, body.title !== undefined ? { title: body.title } : {});
        const chat = await repo.dto(tx, ctx.companyId, row);
        stage({ type: 'chat.saved', companyId: ctx.companyId, chat, created: false, removedUserIds: removed });
        return chat;
      }),

    remove: (ctx: Ctx, id: number | string): Promise<void> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const row = await owned(tx, ctx, id);
        const memberIds = await repo.memberIds(tx, ctx.companyId, row.id);
        await repo.remove(tx, ctx.companyId, row.id);
        stage({ type: 'chat.deleted', companyId: ctx.companyId, chatId: row.id, memberIds });
      }),

    /** `POST /chats/:id/read`: the caller's unread count back to 0 (the body's userId is ignored). */
    read: (ctx: Ctx, id: number | string): Promise<ChatDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const row = await mine(tx, ctx, id);
        const changed = await repo.markRead(tx, ctx.companyId, row.id, ctx.userId);
        const chat = await repo.dto(tx, ctx.companyId, row);
        if (changed) stage({ type: 'chat.read', companyId: ctx.companyId, chat, userId: ctx.userId });
        return chat;
      }),

    messages: (ctx: Ctx, id: number | string, pageNumber: number): Promise<ListChatMessagesResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const row = await mine(tx, ctx, id);
        const { records, count } = await repo.messagesPage(tx, ctx.companyId, row.id, pageNumber);
        return { records, count, hasMore: (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE + records.length < count };
      }),

    /**
     * `POST /chats/:id/messages`: stores the message, gives every other member one more unread
     * and sets the chat's last message, in one transaction; blank text is ERR_CHAT_MESSAGE_EMPTY.
     */
    send: (ctx: Ctx, id: number | string, text: string): Promise<ChatMessageDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        if (text.trim() === '') throw new AppError('ERR_CHAT_MESSAGE_EMPTY');
        const row = await mine(tx, ctx, id);
        const message = await repo.insertMessage(tx, { companyId: ctx.companyId, chatId: row.id, senderId: ctx.userId, message: text });
        await repo.bumpUnreads(tx, ctx.companyId, row.id, ctx.userId);
        const updated = await repo.update(tx, ctx.companyId, row.id, { lastMessage: text });
        const chat = await repo.dto(tx, ctx.companyId, updated);
        stage({ type: 'chat.message', companyId: ctx.companyId, chat, message });
        return message;
      }),
  };
};

export type ChatsService = ReturnType<typeof createChatsService>;
