import { z } from 'zod';
import { dbId, msg, pageOf, SearchPageQuery } from './common';

/** Rows per page of the /files table. */
export const FILE_LIST_PAGE_SIZE = 20;

/**
 * One option of a file list (administration.md §3: name, path, file, mediaType). `path` is the
 * stored file's name ('' until a file is uploaded), `fileName` the name it was uploaded under.
 */
export const FileOptionDto = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
});
export type FileOptionDto = z.infer<typeof FileOptionDto>;

/** administration.md §3 "File list": id, name, message, options, userId. */
export const FileListDto = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  companyId: z.number(),
  options: z.array(FileOptionDto),
});
export type FileListDto = z.infer<typeof FileListDto>;

/** The most options one list holds: one upload carries them all (the multipart limit is 10 files; decision 0225). */
export const MAX_FILE_OPTIONS = 10;

/** An option as the dialog sends it: with `id` an existing one (kept, renamed), without a new one. */
export const FileOptionInput = z.object({
  id: dbId.optional(),
  name: z.string().max(1000).optional().default(''),
  /** The client echoes what it was given; the server keeps the stored file of an existing option. */
  path: z.string().max(300).optional(),
  mediaType: z.string().max(100).optional(),
});

/**
 * `POST /files`, `PUT /files/:id` {name, message, options, userId} (administration.md §5: name min 3
 * 'nome muito curto'; message required). `userId` is ignored: the saver is the token's user.
 */
export const FileListBody = z.object({
  name: z.string({ error: msg.obrigatorio }).trim().min(3, 'nome muito curto').max(100, msg.tooLong),
  message: z.string({ error: msg.obrigatorio }).trim().min(1, msg.obrigatorio).max(4096, msg.tooLong),
  options: z.array(FileOptionInput).max(MAX_FILE_OPTIONS).optional().default([]),
  userId: z.unknown().optional(),
});
export type FileListBody = z.infer<typeof FileListBody>;

export const ListFilesQuery = SearchPageQuery;
export type ListFilesQuery = z.infer<typeof ListFilesQuery>;

/** `GET /files/` (administration.md §7: files, hasMore). */
export const ListFilesResponse = pageOf('files', FileListDto);
export type ListFilesResponse = z.infer<typeof ListFilesResponse>;
