import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChatDto,
  ChatIdParam,
  ChatMessageDto,
  CreateChatBody,
  CreateChatMessageBody,
  ListChatMessagesQuery,
  ListChatMessagesResponse,
  ListChatsQuery,
  ListChatsResponse,
  OkResponse,
  ReadChatBody,
  UpdateChatBody,
} from '@balcao/shared';
import type { ChatsService } from './chats.service';

/** attendance.md §7 (chats): the spec's calls; `:id` is the chat's numeric id or its uuid. */
export const chatsRoutes = (chats: ChatsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/chats', { schema: { querystring: ListChatsQuery, response: { 200: ListChatsResponse } } }, (req) => chats.page(req.ctx, req.query));
  app.post('/chats', { schema: { body: CreateChatBody, response: { 200: ChatDto } } }, (req) => chats.create(req.ctx, req.body));
  app.get('/chats/:id', { schema: { params: ChatIdParam, response: { 200: ChatDto } } }, (req) => chats.show(req.ctx, req.params.id));
  app.put('/chats/:id', { schema: { params: ChatIdParam, body: UpdateChatBody, response: { 200: ChatDto } } }, (req) => chats.update(req.ctx, req.params.id, req.body));
  app.delete('/chats/:id', { schema: { params: ChatIdParam, response: { 200: OkResponse } } }, async (req) => {
    await chats.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/chats/:id/read', { schema: { params: ChatIdParam, body: ReadChatBody, response: { 200: ChatDto } } }, (req) => chats.read(req.ctx, req.params.id));
  app.get('/chats/:id/messages', { schema: { params: ChatIdParam, querystring: ListChatMessagesQuery, response: { 200: ListChatMessagesResponse } } }, (req) =>
    chats.messages(req.ctx, req.params.id, req.query.pageNumber),
  );
  app.post('/chats/:id/messages', { schema: { params: ChatIdParam, body: CreateChatMessageBody, response: { 200: ChatMessageDto } } }, (req) =>
    chats.send(req.ctx, req.params.id, req.body.message),
  );
};
