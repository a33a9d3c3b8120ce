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

/** What a stored file is, by its extension (names keep the sender's); undefined when unknown. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

export const mimetypeOfName = (name: string): string | undefined => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()];
};

/** The name the customer sees: the stored name without the store's random prefix. */
export const originalName = (storedName: string): string => storedName.replace(/^[0-9a-f]{24}-/, '');

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
