import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Media files on disk, one folder per company: `<dataDir>/media/<companyId>/<name>`. A message
 * keeps only the stored name (`messages.media_url`), never a path, so a name from the outside
 * can never reach another company's folder or leave the media root. Several server processes
 * must share `dataDir/media` (a shared volume in docker-compose.yml).
 */
export interface MediaStore {
  /** Writes the bytes under a new unguessable name and returns it. */
  save(companyId: number, bytes: Buffer, opts: { mimetype: string; fileName?: string }): Promise<string>;
  /** The file of a stored name of this company, or undefined when the name is not one of ours. */
  pathOf(companyId: number, name: string): string | undefined;
  read(companyId: number, name: string): Promise<Buffer>;
  exists(companyId: number, name: string): Promise<boolean>;
}

const SAFE_NAME = /^[0-9a-f]{24}(-[A-Za-z0-9._-]{1,120})?$/;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

/** A file name reduced to safe characters (accents and spaces become '_'), keeping its extension. */
export const safeFileName = (fileName: string | undefined, mimetype: string): string => {
  const base = (fileName ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-120);
  if (base) return base;
  const ext = EXTENSIONS[mimetype.split(';')[0]!.trim().toLowerCase()] ?? 'bin';
  return `file.${ext}`;
};

export const createMediaStore = (dataDir: string): MediaStore => {
  const root = join(dataDir, 'media');
  const folder = (companyId: number) => join(root, String(companyId));
  const pathOf = (companyId: number, name: string) => (Number.isSafeInteger(companyId) && companyId > 0 && SAFE_NAME.test(name) ? join(folder(companyId), name) : undefined);
  return {
    async save(companyId, bytes, opts) {
      const name = `${randomBytes(12).toString('hex')}-${safeFileName(opts.fileName, opts.mimetype)}`;
      await mkdir(folder(companyId), { recursive: true });
      // 'wx': a name is never reused, so an existing file means a bug, not something to overwrite.
      await writeFile(join(folder(companyId), name), bytes, { flag: 'wx' });
      return name;
    },
    pathOf,
    async read(companyId, name) {
      const path = pathOf(companyId, name);
      if (!path) throw Object.assign(new Error(`not a stored media name: ${name}`), { code: 'ENOENT' });
      return readFile(path);
    },
    async exists(companyId, name) {
      const path = pathOf(companyId, name);
      if (!path) return false;
      return stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
};
