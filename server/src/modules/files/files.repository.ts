import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FILE_LIST_PAGE_SIZE, type FileListDto, type FileOptionDto, type ListFilesQuery, type ListFilesResponse } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { fileLists, fileOptions } from './files.table';

type ListRow = typeof fileLists.$inferSelect;
export type FileOptionRow = typeof fileOptions.$inferSelect;

const toOptionDto = (o: FileOptionRow): FileOptionDto => ({ id: o.id, name: o.name, path: o.path, fileName: o.fileName, mediaType: o.mediaType });

/** The lists with their options (by id, the order they were added). */
const withOptions = async (tx: Tx, companyId: number, rows: ListRow[]): Promise<FileListDto[]> => {
  if (!rows.length) return [];
  const options = await tx
    .select()
    .from(fileOptions)
    .where(and(eq(fileOptions.companyId, companyId), inArray(fileOptions.fileListId, rows.map((r) => r.id))))
    .orderBy(asc(fileOptions.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    message: r.message,
    userId: r.userId,
    companyId: r.companyId,
    options: options.filter((o) => o.fileListId === r.id).map(toOptionDto),
  }));
};

/** A page of the /files table by name, searched with accents and case ignored. */
export const page = async (tx: Tx, companyId: number, q: ListFilesQuery): Promise<ListFilesResponse> => {
  const where = and(eq(fileLists.companyId, companyId), searched(q.searchParam, (like) => sql`balcao_fold(${fileLists.name}) like balcao_fold(${like})`));
  const query = tx.select().from(fileLists).where(where).orderBy(asc(sql`lower(${fileLists.name})`), asc(fileLists.id));
  const { rows, count, hasMore } = await offsetPage(query.$dynamic(), q.pageNumber, FILE_LIST_PAGE_SIZE, () => countWhere(tx, fileLists, where));
  return { files: await withOptions(tx, companyId, rows), count, hasMore };
};

export const get = async (tx: Tx, companyId: number, id: number): Promise<FileListDto | undefined> => {
  const rows = await tx.select().from(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id))).limit(1);
  return (await withOptions(tx, companyId, rows))[0];
};

export const insert = async (tx: Tx, row: { companyId: number; name: string; message: string; userId: number }): Promise<number> =>
  (await tx.insert(fileLists).values(row).returning({ id: fileLists.id }))[0]!.id;

export const update = async (tx: Tx, companyId: number, id: number, data: { name: string; message: string; userId: number }): Promise<boolean> =>
  (await tx.update(fileLists).set({ ...data, updatedAt: sql`now()` }).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id))).returning({ id: fileLists.id })).length > 0;

export const remove = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.delete(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id))).returning({ id: fileLists.id })).length > 0;

export const insertOption = async (tx: Tx, row: { companyId: number; fileListId: number; name: string }): Promise<void> => {
  await tx.insert(fileOptions).values(row);
};

export const renameOption = async (tx: Tx, companyId: number, id: number, name: string): Promise<void> => {
  await tx.update(fileOptions).set({ name, updatedAt: sql`now()` }).where(and(eq(fileOptions.companyId, companyId), eq(fileOptions.id, id)));
};

/** Deletes options; their stored names come back (to discard the files after the commit). */
export const removeOptions = async (tx: Tx, companyId: number, ids: number[]): Promise<string[]> =>
  ids.length ? (await tx.delete(fileOptions).where(and(eq(fileOptions.companyId, companyId), inArray(fileOptions.id, ids))).returning({ path: fileOptions.path })).map((r) => r.path) : [];

/** Attaches a stored file to an option of the list; the file it replaces comes back ('' when none), undefined when not the list's. */
export const attach = async (tx: Tx, companyId: number, fileListId: number, id: number, file: { path: string; fileName: string; mediaType: string }): Promise<string | undefined> => {
  const [before] = await tx
    .select({ path: fileOptions.path })
    .from(fileOptions)
    .where(and(eq(fileOptions.companyId, companyId), eq(fileOptions.fileListId, fileListId), eq(fileOptions.id, id)))
    .for('update');
  if (!before) return undefined;
  await tx.update(fileOptions).set({ ...file, updatedAt: sql`now()` }).where(and(eq(fileOptions.companyId, companyId), eq(fileOptions.id, id)));
  return before.path;
};

/**
 * What a campaign sends of a file list: its message and the options that have a file, each with
 * its name, stored file (`path`, a media-store name of the company), original name and media type.
 * Undefined when the list is not the company's.
 */
export const forSending = async (
  tx: Tx,
  companyId: number,
  fileListId: number,
): Promise<{ id: number; name: string; message: string; options: { id: number; name: string; path: string; fileName: string; mediaType: string }[] } | undefined> => {
  const list = await get(tx, companyId, fileListId);
  if (!list) return undefined;
  return { id: list.id, name: list.name, message: list.message, options: list.options.filter((o) => o.path) };
};
