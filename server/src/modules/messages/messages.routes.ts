import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EditMessageBody,
  ForwardMessageBody,
  IdParam,
  ListMessagesQuery,
  ListMessagesResponse,
  MessageDto,
  MessageIdParam,
  ReactionBody,
  SendMessageOrMediaBody,
  SendMessageResponse,
  TicketDto,
  TicketIdParam,
} from '@balcao/shared';
import { requireAuth } from '../../infra/auth';
import { AppError } from '../../infra/errors';
import type { MessagesService } from './messages.service';
import { readMultipart, type Upload } from './uploads';

/** The files of a multipart send, read before validation (the body schema sees their count). */
const uploadsOf = new WeakMap<FastifyRequest, { files: Upload[]; bodies: string[]; discard: () => Promise<void> }>();

export const messagesRoutes = (messages: MessagesService, opts: { uploadMaxBytes: number; spoolPath: () => Promise<string> }) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/messages/:ticketId', { schema: { params: TicketIdParam, querystring: ListMessagesQuery, response: { 200: ListMessagesResponse } } }, (req) =>
    messages.list(req.ctx, req.params.ticketId, req.query.pageNumber),
  );
  // JSON answers the message; multipart/form-data (`medias`: one or several files) the messages, in file order.
  app.post(
    '/messages/:ticketId',
    {
      schema: { params: TicketIdParam, body: SendMessageOrMediaBody, response: { 200: SendMessageResponse } },
      // Whatever became of the request (sent, refused, failed), no spooled file outlives it.
      onResponse: async (req) => {
        await uploadsOf.get(req)?.discard();
      },
      preValidation: async (req, reply) => {
        if (!req.isMultipart()) return;
        // Files are read before validation, so the session is checked first: no upload without one.
        await requireAuth(fastify)(req, reply);
        const { fields, files, bodies, discard } = await readMultipart(req, opts.uploadMaxBytes, opts.spoolPath);
        uploadsOf.set(req, { files, bodies, discard });
        // Validated next against the route's schema (as unknown input, like any body).
        (req as { body: unknown }).body = { ...fields, medias: files.length };
      },
    },
    (req) => {
      const body = req.body;
      if ('template' in body) return messages.sendTemplate(req.ctx, req.params.ticketId, body);
      if (!('medias' in body)) return messages.send(req.ctx, req.params.ticketId, body);
      const upload = uploadsOf.get(req);
      if (!upload) throw new AppError('ERR_VALIDATION', 'medias: send the files as multipart/form-data');
      return messages.sendMedia(req.ctx, req.params.ticketId, body, upload.files, upload.bodies);
    },
  );
  app.post('/messages/edit/:messageId', { schema: { params: MessageIdParam, body: EditMessageBody, response: { 200: MessageDto } } }, (req) =>
    messages.edit(req.ctx, req.params.messageId, req.body),
  );
  app.delete('/messages/:id', { schema: { params: IdParam, response: { 200: MessageDto } } }, (req) => messages.remove(req.ctx, req.params.id));
  app.post('/message/forward', { schema: { body: ForwardMessageBody, response: { 200: MessageDto } } }, (req) => messages.forward(req.ctx, req.body));
  app.post('/messages/:id/reactions', { schema: { params: IdParam, body: ReactionBody, response: { 200: MessageDto } } }, (req) =>
    messages.react(req.ctx, req.params.id, req.body),
  );
  app.post('/tickets/:ticketId/read', { schema: { params: TicketIdParam, response: { 200: TicketDto } } }, (req) => messages.markRead(req.ctx, req.params.ticketId));
};
