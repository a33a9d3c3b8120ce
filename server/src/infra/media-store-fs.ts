import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isStoredName, newStoredName, noSuchFile, type MediaStore } from './media-store';

/** Removes the files in `dir` last written more than `ageMs` ago; never throws. */
const sweepOlderThan = async (dir: string, ageMs: number): Promise<void> => {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(dir, name);
    const s = await stat(path).catch(() => undefined);
    if (s && Date.now() - s.mtimeMs > ageMs) await unlink(path).catch(() => undefined);
  }
};

/** Uploads being received and downloads being sent: `<dataDir>/media/.incoming` (never a company folder). */
export const createSpool = (dataDir: string) => {
  const dir = join(dataDir, 'media', '.incoming');
  let sweep: Promise<void> | undefined;
  return async (): Promise<string> => {
    await mkdir(dir, { recursive: true });
    // Once per process: what a crash mid-upload left behind (an hour old: no live request's file).
    sweep ??= sweepOlderThan(dir, 60 * 60 * 1000);
    // Not a stored name inside a company folder: never served, never a message's media.
    return join(dir, randomBytes(16).toString('hex'));
  };
};

/**
 * The filesystem store (decision 0009): `<dataDir>/media/<companyId>/<name>`. Several server
 * processes must share `dataDir/media` (a shared volume), or use the S3 store (decision 0385).
 */
export const createFsMediaStore = (dataDir: string): MediaStore => {
  const root = join(dataDir, 'media');
  const folder = (companyId: number) => join(root, String(companyId));
  const pathOf = (companyId: number, name: string) => (isStoredName(companyId, name) ? join(folder(companyId), name) : undefined);
  const fileAt = async (path: string | undefined) => (path ? await stat(path).then((s) => (s.isFile() ? s : undefined), () => undefined) : undefined);
  return {
    kind: 'fs',
    async save(companyId, source, opts) {
      const name = await newStoredName(source, opts);
      await mkdir(folder(companyId), { recursive: true });
      const target = join(folder(companyId), name);
      if (Buffer.isBuffer(source)) {
        // 'wx': a name is never reused, so an existing file means a bug, not something to overwrite.
        await writeFile(target, source, { flag: 'wx' });
      } else {
        // A spooled upload is moved, not copied: same volume (spoolPath), so it costs no I/O. A copy
        // only when the spool is elsewhere (EXDEV).
        await rename(source.path, target).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'EXDEV') throw err;
          await copyFile(source.path, target);
          await unlink(source.path).catch(() => undefined);
        });
      }
      return name;
    },
    spoolPath: createSpool(dataDir),
    async open(companyId, name) {
      const path = pathOf(companyId, name);
      const s = await fileAt(path);
      return s && path ? { stream: createReadStream(path), size: s.size } : undefined;
    },
    async read(companyId, name) {
      const path = pathOf(companyId, name);
      if (!path) throw noSuchFile(name);
      return readFile(path);
    },
    async exists(companyId, name) {
      return !!(await fileAt(pathOf(companyId, name)));
    },
    async remove(companyId, name) {
      const path = pathOf(companyId, name);
      if (path) await rm(path, { force: true });
    },
    async withFile(companyId, name, use) {
      return use(pathOf(companyId, name));
    },
  };
};
