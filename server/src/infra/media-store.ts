import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/**
 * A file's bytes: in memory, or spooled to a file while it was received (an upload, issue 28
 * §8), so a 100 MiB document never sits in memory.
 */
export type MediaSource = Buffer | { path: string };

/** file-type's verdict on the bytes, read from the file as far as it needs (never all of it). */
const detect = (source: MediaSource) => (Buffer.isBuffer(source) ? fileTypeFromBuffer(source) : fileTypeFromFile(source.path)).catch(() => undefined);

/**
 * Media files on disk, one folder per company: `<dataDir>/media/<companyId>/<name>`. A message
 * keeps only the stored name (`messages.media_url`), never a path, so a name from the outside
 * can never reach another company's folder or leave the media root. Several server processes
 * must share `dataDir/media` (a shared volume in docker-compose.yml).
 */
export interface MediaStore {
  /**
   * Writes the bytes under a new unguessable name and returns it. The name's extension is what
   * the bytes are (`storedExtension`), never only what the sender said.
   */
  save(companyId: number, source: MediaSource, opts: { mimetype: string; fileName?: string }): Promise<string>;
  /** A new file name under the store's own folder for an upload being received (moved into place by `save`). */
  spoolPath(): Promise<string>;
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
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  // Documents agents send (issue 9): kept under their own name, always served as downloads.
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  epub: 'application/epub+zip',
};

/** What the bytes are (file-type), or undefined when nothing recognises them (text, CSV, HTML…). */
export const sniff = async (source: MediaSource): Promise<{ ext: string; mime: string } | undefined> => {
  const t = await detect(source);
  return t ? { ext: t.ext, mime: t.mime } : undefined;
};

/** Programs, by what their bytes are: never stored from an upload, whatever their name says. */
export const EXECUTABLE_TYPES: ReadonlySet<string> = new Set(['exe', 'elf', 'macho', 'class', 'wasm', 'crx', 'xpi', 'apk', 'jar', 'deb', 'rpm', 'lnk', 'swf', 'asar', 'chm', 'reg']);

/** Programs and scripts, by their name (scripts are text: only the name says what they are). */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'msi', 'msp', 'mst', 'dll', 'cpl', 'msc', 'vbs', 'vbe', 'js', 'jse', 'mjs', 'wsf', 'wsh', 'hta',
  'ps1', 'psm1', 'sh', 'bash', 'zsh', 'csh', 'run', 'app', 'apk', 'jar', 'so', 'dylib', 'lnk', 'reg', 'gadget', 'deb', 'rpm', 'appimage', 'elf',
]);

/** Old Office formats share one container (CFB): the claimed extension says which. */
const CFB_EXTENSIONS = new Set(['doc', 'xls', 'ppt']);

const extensionOf = (name: string): string | undefined => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : name.slice(dot + 1).toLowerCase();
};

/** A file name's extension, lower-case, or undefined. */
export const extensionOfName = extensionOf;

/**
 * The extension a file is stored under, decided from its bytes (decision 0034): a type
 * file-type recognises and we allow (the table above) keeps or gets that type's extension; a
 * recognised type we do not allow (executables, archives other than zip, HTML is never sniffed)
 * becomes `bin`; bytes nothing recognises (text, HTML, CSV…) keep the claimed extension unless
 * it names a type a browser would render (image, video, audio): those become `bin` too. `bin` is served as an application/octet-stream
 * attachment, so a renamed .exe claiming to be a .jpg is kept (the customer did send it) but
 * never shown as a picture.
 */
export const storedExtension = async (source: MediaSource, claimedName: string): Promise<string> => {
  const claimed = extensionOf(claimedName);
  const sniffed = await detect(source);
  if (sniffed) {
    if (sniffed.ext === 'cfb') return claimed && CFB_EXTENSIONS.has(claimed) ? claimed : 'bin';
    const type = TYPES_BY_EXTENSION[sniffed.ext];
    if (!type) return 'bin';
    // The sender's spelling when it means the same type (jpeg/jpg, oga/ogg).
    return claimed && TYPES_BY_EXTENSION[claimed] === type ? claimed : sniffed.ext;
  }
  const claimedType = claimed ? TYPES_BY_EXTENSION[claimed] : undefined;
  return claimed && !/^(image|video|audio)\//.test(claimedType ?? '') ? claimed : 'bin';
};

export const mimetypeOfName = (name: string): string | undefined => {
  const ext = extensionOf(name);
  return ext ? TYPES_BY_EXTENSION[ext] : undefined;
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

/** Removes the files in `dir` last written more than `ageMs` ago; never throws. */
const sweepOlderThan = async (dir: string, ageMs: number): Promise<void> => {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(dir, name);
    const s = await stat(path).catch(() => undefined);
    if (s && Date.now() - s.mtimeMs > ageMs) await unlink(path).catch(() => undefined);
  }
};

export const createMediaStore = (dataDir: string): MediaStore => {
  const root = join(dataDir, 'media');
  let sweep: Promise<void> | undefined;
  const folder = (companyId: number) => join(root, String(companyId));
  const pathOf = (companyId: number, name: string) => (Number.isSafeInteger(companyId) && companyId > 0 && SAFE_NAME.test(name) ? join(folder(companyId), name) : undefined);
  return {
    async save(companyId, source, opts) {
      const claimed = safeFileName(opts.fileName, opts.mimetype);
      const ext = await storedExtension(source, claimed);
      const dot = claimed.lastIndexOf('.');
      const base = dot > 0 ? claimed.slice(0, dot) : claimed;
      const fileName = extensionOf(claimed) === ext ? claimed : `${base}.${ext}`;
      const name = `${randomBytes(12).toString('hex')}-${fileName.slice(-120)}`;
      await mkdir(folder(companyId), { recursive: true });
      const target = join(folder(companyId), name);
      if (Buffer.isBuffer(source)) {
        // 'wx': a name is never reused, so an existing file means a bug, not something to overwrite.
        await writeFile(target, source, { flag: 'wx' });
      } else {
        // A spooled upload is moved, not copied: same volume (spoolPath), so it costs no I/O. A copy
        // only when the spool is elsewhere (EXDEV); the spooled file is then the caller's to discard.
        await rename(source.path, target).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'EXDEV') throw err;
          await copyFile(source.path, target);
          await unlink(source.path).catch(() => undefined);
        });
      }
      return name;
    },
    async spoolPath() {
      const dir = join(root, '.incoming');
      await mkdir(dir, { recursive: true });
      // Once per process: what a crash mid-upload left behind (an hour old: no live request's file).
      sweep ??= sweepOlderThan(dir, 60 * 60 * 1000);
      // Not a SAFE_NAME inside a company folder: never served, never a message's media.
      return join(dir, randomBytes(16).toString('hex'));
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
