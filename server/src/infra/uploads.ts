/**
 * One attached file per record (quick messages, queues, queue options): reading the multipart
 * upload, the name the table shows, and serving the stored bytes (decision 0034's rule).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';
import type { ErrorCode } from '@balcao/shared';
import { mimetypeOfName, originalName, type MediaStore, type StoredFile } from './media-store';

/** An uploaded file as the route read it. */
export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
  mimetype: string;
}

/**
 * The first file part of a multipart body, whatever its field (the spec's client sends
 * `typeArch` and `file`); other fields are ignored. Not multipart, or no file: 400. A record's
 * one attachment is held in memory (at most one file per request); a message's files, which come
 * several at a time, stream to disk instead (messages/uploads.ts, decision 0348).
 */
export const readUpload = async (req: FastifyRequest): Promise<UploadedFile> => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', 'multipart/form-data with a file expected');
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      // Only the first file is kept: the others are drained unread, never held (issue 28 §8).
      if (file) {
        part.file.resume();
        continue;
      }
      file = { bytes: await part.toBuffer(), fileName: part.filename ?? '', mimetype: part.mimetype ?? 'application/octet-stream' };
    }
  } catch (err) {
    // Over a limit (413 and the like) keeps its status; a body the parser cannot read is the client's.
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('ERR_VALIDATION', 'malformed multipart body');
  }
  if (!file) throw new AppError('ERR_VALIDATION', 'no file in the request');
  return file;
};

/** The bytes of an uploaded sheet (contacts, a contact list's rows): the first file, which may not be empty. */
export const readUploadBytes = async (req: FastifyRequest): Promise<Buffer> => {
  const file = await readUpload(req);
  if (!file.bytes.length) throw new AppError('ERR_VALIDATION', 'the file is empty');
  return file.bytes;
};

/** The name the table shows: as uploaded, without control characters, at most 200 characters. */
// eslint-disable-next-line no-control-regex
export const displayName = (name: string): string => name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);

/**
 * Keeps a record's uploaded file in the company's media store: `mediaPath` is the stored name,
 * `mediaName` the one the table shows (as uploaded, else the stored one's). `mimetype`: what a sniff
 * found, where the service checked the bytes.
 */
export const storeAttachment = async (media: MediaStore, companyId: number, file: UploadedFile, mimetype = file.mimetype) => {
  const mediaPath = await media.save(companyId, file.bytes, { mimetype, fileName: file.fileName });
  return { mediaPath, mediaName: displayName(file.fileName) || originalName(mediaPath) };
};

/**
 * The stored file's type for serving: only pictures, video and audio render in place; anything
 * else (documents, `.bin`) is a download (decision 0034, the same rule as a message's media).
 */
export const servedTypeOf = (name: string): { type: string; inline: boolean } => {
  const type = mimetypeOfName(name);
  return type && /^(image|video|audio)\//.test(type) ? { type, inline: true } : { type: 'application/octet-stream', inline: false };
};

/** The route schema of a served file: the bytes as stored, their type in Content-Type. */
export const fileResponse = { 200: { description: 'The file', content: { '*/*': { schema: z.any().meta({ type: 'string', format: 'binary' }) } } } };

/** A record's stored file, opened for serving (`name` as the media store keeps it). */
export interface ServedFile {
  name: string;
  file: StoredFile;
}

/**
 * Opens a record's stored file of `companyId` for serving; no name, or no such file in the store,
 * is `code` (the record's "not found"). The bytes come through the server whatever the store:
 * the caller has checked who may read them (decision 0386).
 */
export const openStoredFile = async (media: Pick<MediaStore, 'open'>, companyId: number, name: string | null | undefined, code: ErrorCode): Promise<ServedFile> => {
  const file = name ? await media.open(companyId, name) : undefined;
  if (!name || !file) throw new AppError(code);
  return { name, file };
};

/** Sends a stored file with its served type and, when the store knows it, its length. */
export const sendStoredFile = (reply: FastifyReply, served: ServedFile, cacheControl = 'private, no-cache') => {
  const { type, inline } = servedTypeOf(served.name);
  void reply.type(type).header('x-content-type-options', 'nosniff').header('cache-control', cacheControl);
  void reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${originalName(served.name)}"`);
  if (served.file.size !== undefined) void reply.header('content-length', served.file.size);
  return reply.send(served.file.stream);
};
