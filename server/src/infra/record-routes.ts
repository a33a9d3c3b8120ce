/**
 * The routes every record of a screen has, written once (issue 27 §5): create, show, change and
 * delete by id, and a record's one attached file. A module's routes file still lists its own
 * page and the routes only it has; the service keeps the rules.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { IdParam, MessageResponse, OkResponse } from '@balcao/shared';
import type { Ctx } from '../db/tenant';
import { fileResponse, readUpload, sendStoredFile, type ServedFile, type UploadedFile } from './uploads';

export interface RecordService<Dto, Create, Update> {
  create: (ctx: Ctx, body: Create) => Promise<Dto>;
  show: (ctx: Ctx, id: number) => Promise<Dto>;
  update: (ctx: Ctx, id: number, body: Update) => Promise<Dto>;
  remove: (ctx: Ctx, id: number) => Promise<unknown>;
}

// The schemas validate and serialize as on any route (the zod compilers are the app's); the
// requests are typed here by hand because a generic schema does not resolve through the type provider.
type ById = { Params: IdParam };

/**
 * `POST <path>` (create), `GET|PUT|DELETE <path>/:id`. A delete answers `{ ok: true }`, or the
 * spec's `{ message }` where its client shows one (`deleted`).
 */
export const recordRoutes = <D extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  fastify: FastifyInstance,
  path: string,
  schemas: { dto: D; create: C; update: U },
  svc: RecordService<z.output<D>, z.output<C>, z.output<U>>,
  deleted?: string,
) => {
  const { dto } = schemas;
  fastify.post<{ Body: unknown }>(path, { schema: { body: schemas.create, response: { 200: dto } } }, (req) => svc.create(req.ctx, req.body as z.output<C>));
  fastify.get<ById>(`${path}/:id`, { schema: { params: IdParam, response: { 200: dto } } }, (req) => svc.show(req.ctx, req.params.id));
  fastify.put<ById>(`${path}/:id`, { schema: { params: IdParam, body: schemas.update, response: { 200: dto } } }, (req) => svc.update(req.ctx, req.params.id, req.body as z.output<U>));
  if (deleted === undefined) {
    fastify.delete<ById>(`${path}/:id`, { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
      await svc.remove(req.ctx, req.params.id);
      return { ok: true as const };
    });
  } else {
    fastify.delete<ById>(`${path}/:id`, { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
      await svc.remove(req.ctx, req.params.id);
      return { message: deleted };
    });
  }
};

export interface AttachmentService<Dto> {
  attach: (ctx: Ctx, id: number, file: UploadedFile) => Promise<Dto>;
  detach: (ctx: Ctx, id: number) => Promise<Dto>;
  /** The stored file, opened, where the record's file is served (`GET <path>/:id/media`). */
  mediaOf?: (ctx: Ctx, id: number) => Promise<ServedFile>;
}

/** `POST|DELETE <path>/:id/media-upload` (the record with its file set or cleared) and, with `mediaOf`, `GET <path>/:id/media`. */
export const attachmentRoutes = <D extends z.ZodType>(fastify: FastifyInstance, path: string, dto: D, svc: AttachmentService<z.output<D>>) => {
  fastify.post<ById>(`${path}/:id/media-upload`, { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: dto } } }, async (req) =>
    svc.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  fastify.delete<ById>(`${path}/:id/media-upload`, { schema: { params: IdParam, response: { 200: dto } } }, (req) => svc.detach(req.ctx, req.params.id));
  const { mediaOf } = svc;
  if (mediaOf) fastify.get<ById>(`${path}/:id/media`, { schema: { params: IdParam, response: fileResponse } }, async (req, reply) => sendStoredFile(reply, await mediaOf(req.ctx, req.params.id)));
};
