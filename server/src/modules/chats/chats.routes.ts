import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChatDto,
  ChatIdParam,
  ChatMessageDto,
  chatMsg,
  CreateChatBody,
  CreateChatMessageBody,
  errorAnswer,
  ListChatMessagesQuery,
  ListChatMessagesResponse,
  ListChatsQuery,
  ListChatsResponse,
  OkResponse,
  ReadChatBody,
  UpdateChatBody,
} from '@balcao/shared';
import { routeDoc } from '../../infra/route-doc';
import type { ChatsService } from './chats.service';

/** The coded answers of the chat routes, documented with example bodies (decision 0298). */
const errors = {
  badQuery: errorAnswer('Bad query parameters', [
    { error: 'ERR_VALIDATION', message: 'pageNumber: Too small: expected number to be >=1', requestId: 'req-1a', issues: [{ path: 'pageNumber', message: 'Too small: expected number to be >=1' }] },
  ]),
  badChat: errorAnswer('Bad input: no title, or no other member', [
    { error: 'ERR_VALIDATION', message: `title: ${chatMsg.titleRequired}`, requestId: 'req-1a', issues: [{ path: 'title', message: chatMsg.titleRequired }] },
    { error: 'ERR_VALIDATION', message: chatMsg.usersRequired, requestId: 'req-1b', details: { issues: [{ path: 'users', message: chatMsg.usersRequired }] } },
  ]),
  badMessage: errorAnswer('A blank message, or bad input', [
    { error: 'ERR_CHAT_MESSAGE_EMPTY', requestId: 'req-1a' },
    { error: 'ERR_VALIDATION', message: 'message: Invalid input: expected string, received undefined', requestId: 'req-1b', issues: [{ path: 'message', message: 'Invalid input: expected string, received undefined' }] },
  ]),
  notOwner: errorAnswer('A member who is not the owner: only the owner edits or deletes the chat', [{ error: 'ERR_NO_PERMISSION', requestId: 'req-3a' }]),
  noUser: errorAnswer('A member is not a user of your company', [{ error: 'ERR_NO_USER_FOUND', requestId: 'req-4a' }]),
  noChat: errorAnswer('No such chat in your company, or you are not a member', [{ error: 'ERR_NO_CHAT_FOUND', requestId: 'req-4a' }]),
  noChatOrUser: errorAnswer('No such chat (or you are not a member), or a member is not a user of your company', [
    { error: 'ERR_NO_CHAT_FOUND', requestId: 'req-4a' },
    { error: 'ERR_NO_USER_FOUND', requestId: 'req-4b' },
  ]),
};
const ok = OkResponse.meta({ examples: [{ ok: true }] });
const doc = routeDoc(['Internal chat']);
/** A route on one chat: `:id` is the chat's numeric id or its uuid, and may name none of the caller's. */
const onChat = <S extends FastifySchema>(summary: string, description: string, schema: S) =>
  doc(summary, [description, "`:id` is the chat's numeric id or its uuid."].filter(Boolean).join(' '), { params: ChatIdParam, ...schema });
const oneChat = { 404: errors.noChat };

/** attendance.md §7 (chats): the spec's calls; `:id` is the chat's numeric id or its uuid. */
export const chatsRoutes = (chats: ChatsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/chats',
    doc("List the caller's chats", 'Newest activity first, 20 a page, searched by title (`searchParam`). Each chat lists its members with their own unread counts.', {
      querystring: ListChatsQuery,
      response: { 200: ListChatsResponse, 400: errors.badQuery },
    }),
    (req) => chats.page(req.ctx, req.query),
  );
  app.post(
    '/chats',
    doc('Start a chat', 'The caller is the owner and always a member; `users` (ids, or user objects with an `id`) must name at least one other user of the company.', {
      body: CreateChatBody,
      response: { 200: ChatDto, 400: errors.badChat, 404: errors.noUser },
    }),
    (req) => chats.create(req.ctx, req.body),
  );
  app.get('/chats/:id', onChat('Show a chat', '', { response: { 200: ChatDto, ...oneChat } }), (req) => chats.show(req.ctx, req.params.id));
  app.put(
    '/chats/:id',
    onChat('Rename a chat or replace its members', 'Owner only. The member list is replaced (the owner stays).', {
      body: UpdateChatBody,
      response: { 200: ChatDto, 400: errors.badChat, 403: errors.notOwner, 404: errors.noChatOrUser },
    }),
    (req) => chats.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/chats/:id', onChat('Delete a chat and its messages', 'Owner only.', { response: { 200: ok, 403: errors.notOwner, ...oneChat } }), async (req) => {
    await chats.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post(
    '/chats/:id/read',
    onChat('Mark a chat as read by the caller', "Zeroes the caller's unread count. `userId` is accepted for the spec's client and ignored: the caller is who reads.", {
      body: ReadChatBody,
      response: { 200: ChatDto, ...oneChat },
    }),
    (req) => chats.read(req.ctx, req.params.id),
  );
  app.get(
    '/chats/:id/messages',
    onChat("A page of a chat's messages", 'Page 1 is the newest; each page is oldest first.', {
      querystring: ListChatMessagesQuery,
      response: { 200: ListChatMessagesResponse, 400: errors.badQuery, ...oneChat },
    }),
    (req) => chats.messages(req.ctx, req.params.id, req.query.pageNumber),
  );
  app.post(
    '/chats/:id/messages',
    onChat('Send a message to a chat', "Every other member's unread count goes up by one. A blank message is refused (`ERR_CHAT_MESSAGE_EMPTY`).", {
      body: CreateChatMessageBody,
      response: { 200: ChatMessageDto, 400: errors.badMessage, ...oneChat },
    }),
    (req) => chats.send(req.ctx, req.params.id, req.body.message),
  );
};
