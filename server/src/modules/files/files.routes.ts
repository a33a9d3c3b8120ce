import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FileListBody, FileListDto, IdParam, ListFilesQuery, ListFilesResponse } from '@balcao/shared';
import { AppError } from '../../infra/errors';
import { recordRoutes } from '../../infra/record-routes';
import type { UploadedFile } from '../../infra/uploads';
import type { FilesService, OptionUpload } from './files.service';

/**
 * The spec's option upload (administration.md §3): `fileId`, `typeArch`, then per file the file
 * part `files` followed by its `mediaType`, `name` and `id` fields. Files and ids pair up by order.
 */
const readOptionUploads = async (req: FastifyRequest): Promise<OptionUpload[]> => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', 'multipart/form-data with files expected');
  const files: UploadedFile[] = [];
  const fields: Record<'id' | 'name' | 'mediaType', string[]> = { id: [], name: [], mediaType: [] };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') files.push({ bytes: await part.toBuffer(), fileName: part.filename ?? '', mimetype: part.mimetype ?? 'application/octet-stream' });
      else if (part.fieldname === 'id' || part.fieldname === 'name' || part.fieldname === 'mediaType') fields[part.fieldname].push(String(part.value));
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('ERR_VALIDATION', 'malformed multipart body');
  }
  if (!files.length) throw new AppError('ERR_VALIDATION', 'no file in the request');
  if (fields.id.length !== files.length) throw new AppError('ERR_VALIDATION', 'one option id per file expected');
  return files.map((file, i) => {
    const optionId = Number(fields.id[i]);
    if (!Number.isSafeInteger(optionId) || optionId <= 0 || optionId > 2_147_483_647) throw new AppError('ERR_VALIDATION', 'option id must be a positive integer');
    return { optionId, file, mediaType: fields.mediaType[i], name: fields.name[i] };
  });
};

export const filesRoutes = (files: FilesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/files', { schema: { querystring: ListFilesQuery, response: { 200: ListFilesResponse } } }, (req) => files.page(req.ctx, req.query));
  recordRoutes(fastify, '/files', { dto: FileListDto, create: FileListBody, update: FileListBody }, files);
  app.post('/files/uploadList/:id', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: FileListDto } } }, async (req) =>
    files.upload(req.ctx, req.params.id, await readOptionUploads(req)),
  );
};
