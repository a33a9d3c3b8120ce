/**
 * Files agents send (issue 9 item 2, decision 0056): read from multipart/form-data, typed by
 * their bytes, allow-listed and size-limited per kind. What the bytes are decides; the name and
 * the declared type only choose between "as that kind" and "as a document".
 */
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors';
import { DEFAULT_UPLOAD_LIMITS, DEFAULT_UPLOAD_MAX_BYTES, type UploadLimits } from '../../infra/config';
import { EXECUTABLE_EXTENSIONS, EXECUTABLE_TYPES, extensionOfName, mimetypeOfName, sniff, type MediaSource } from '../../infra/media-store';

/** One file part as received. */
export interface Upload {
  fileName: string;
  /** What the sender declared (the part's Content-Type). */
  mimetype: string;
  /** Its bytes: spooled to a file as they arrived (a route's upload), or in memory (a test, a generated file). */
  source: MediaSource;
  size: number;
}

/** An upload from bytes in memory. */
export const uploadOf = (fileName: string, mimetype: string, bytes: Buffer): Upload => ({ fileName, mimetype, source: bytes, size: bytes.length });

/** How a file is sent: its `media_type`. */
export type UploadKind = 'image' | 'video' | 'audio' | 'ptt' | 'document';

export interface ClassifiedUpload extends Upload {
  mediaType: UploadKind;
}

/** The multipart field that carries the files (the spec's client name). */
export const FILES_FIELD = 'medias';

/** What the bytes (file-type's extension) may be to go out as each kind; WhatsApp plays these. */
const ALLOWED: Record<'image' | 'video' | 'audio', ReadonlySet<string>> = {
  image: new Set(['jpg', 'png', 'webp']),
  video: new Set(['mp4', '3gp']),
  audio: new Set(['ogg', 'oga', 'opus', 'mp3', 'm4a', 'mp4', 'aac', 'amr', 'wav']),
};

export interface UploadPolicy {
  limits: UploadLimits;
  /** UPLOAD_MAX_BYTES: no kind's limit goes above it. */
  maxBytes: number;
}

export const defaultUploadPolicy: UploadPolicy = { limits: DEFAULT_UPLOAD_LIMITS, maxBytes: DEFAULT_UPLOAD_MAX_BYTES };

/** The kind the sender claims: the declared type's family, else the name's extension's. */
const claimedKind = (u: Pick<Upload, 'fileName' | 'mimetype'>): 'image' | 'video' | 'audio' | 'document' => {
  const declared = u.mimetype.toLowerCase();
  const type = /^(image|video|audio)\//.test(declared) ? declared : (mimetypeOfName(u.fileName) ?? '');
  const family = type.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'document';
};

/**
 * The kind a file goes out as, or an AppError: empty → ERR_VALIDATION; a program (by its bytes
 * or its name) → ERR_FILE_TYPE_NOT_ALLOWED; over its kind's limit → ERR_FILE_TOO_LARGE. A file
 * claiming to be a picture, video or audio whose bytes are not one WhatsApp plays goes as a
 * document (the media store then names it by what it is). `voice`: a recorded voice note.
 */
export const classifyUpload = async (u: Upload, voice: boolean | undefined, policy: UploadPolicy = defaultUploadPolicy): Promise<ClassifiedUpload> => {
  if (u.size === 0) throw new AppError('ERR_VALIDATION', `${u.fileName || 'file'}: empty file`);
  const sniffed = await sniff(u.source);
  const ext = extensionOfName(u.fileName);
  if ((sniffed && EXECUTABLE_TYPES.has(sniffed.ext)) || (ext && EXECUTABLE_EXTENSIONS.has(ext))) {
    throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', `${u.fileName || 'file'}: programs cannot be sent`);
  }
  const claimed = claimedKind(u);
  const agrees = claimed !== 'document' && !!sniffed && ALLOWED[claimed].has(sniffed.ext);
  const kind = agrees ? claimed : 'document';
  const limit = Math.min(policy.limits[kind], policy.maxBytes);
  if (u.size > limit) throw new AppError('ERR_FILE_TOO_LARGE', `${u.fileName || 'file'}: over ${limit} bytes`, { kind, maxBytes: limit });
  return { ...u, mediaType: kind === 'audio' && (voice ?? isRecording(u.fileName)) ? 'ptt' : kind };
};

const MULTIPART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

/** @fastify/multipart's client errors as our coded ones (never a 500 for the client's mistake). */
const asAppError = (err: unknown, maxBytes: number): unknown => {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('ERR_FILE_TOO_LARGE', `over ${maxBytes} bytes`, { maxBytes });
  if ((e.code && MULTIPART_LIMIT_CODES.has(e.code)) || (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)) return new AppError('ERR_VALIDATION', e.message ?? 'bad multipart body');
  // A malformed body (busboy's "Unexpected end of form", "Malformed part header"…).
  if (err instanceof Error && !('statusCode' in err) && /form|part|boundary|multipart/i.test(err.message)) return new AppError('ERR_VALIDATION', err.message);
  return err;
};

/** A multipart body as read: its fields, its files spooled to disk, and `discard` for what is left of them. */
export interface MultipartBody {
  fields: Record<string, string>;
  files: Upload[];
  bodies: string[];
  /** Removes the spooled files the media store did not take (call it in a `finally`). */
  discard: () => Promise<void>;
}

/**
 * Reads a multipart body: text fields (the first of each name) and the `medias` files, in
 * order. A file under any other field name, or no file at all, is a 400 ERR_VALIDATION.
 * Each file streams to a spool file as it arrives (issue 28 §8): a request holds a stream's
 * buffer, never a file, so five 99 MiB files cost the process no more memory than one small one.
 */
export const readMultipart = async (req: FastifyRequest, maxBytes: number, spoolPath: () => Promise<string>): Promise<MultipartBody> => {
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  const spooled: string[] = [];
  const discard = async () => {
    await Promise.all(spooled.map((path) => unlink(path).catch(() => undefined)));
  };
  // The spec's client appends a `body` per file (its name); ours one caption.
  const bodies: string[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILES_FIELD) throw new AppError('ERR_VALIDATION', `unexpected file field "${part.fieldname}" (files go in "${FILES_FIELD}")`);
        const path = await spoolPath();
        spooled.push(path);
        let size = 0;
        part.file.on('data', (chunk: Buffer) => (size += chunk.length));
        await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
        // Over the limit, busboy stops and marks the stream truncated (toBuffer would have thrown).
        if (part.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', `over ${maxBytes} bytes`, { maxBytes });
        files.push({ fileName: part.filename ?? '', mimetype: part.mimetype ?? 'application/octet-stream', source: { path }, size });
      } else if (typeof part.value === 'string') {
        if (part.fieldname === 'body') bodies.push(part.value);
        if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await discard();
    throw asAppError(err, maxBytes);
  }
  if (files.length === 0) {
    await discard();
    throw new AppError('ERR_VALIDATION', `no files in "${FILES_FIELD}"`);
  }
  return { fields, files, bodies, discard };
};

/** The spec's client names its recordings `audio-record-site-<time>.mp3` and sends no `voice` field. */
export const isRecording = (fileName: string) => /^audio-record-site-/i.test(fileName);

/**
 * Each file's caption: one `body` goes on the first file; a `body` per file (the spec's client)
 * goes on its own file. A caption that is just the file's own name is no caption.
 */
export const captionsFor = (files: Pick<Upload, 'fileName'>[], bodies: string[]): string[] =>
  files.map((f, i) => {
    const text = (bodies.length > 1 ? bodies[i] : i === 0 ? bodies[0] : '') ?? '';
    return text.trim() === f.fileName.trim() ? '' : text;
  });
