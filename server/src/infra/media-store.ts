import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/**
 * A file's bytes: in memory, or spooled to a file while it was received (an upload, issue 28
 * §8), so a 100 MiB document never sits in memory.
 */
export type MediaSource = Buffer | { path: string };

/** file-type's verdict on the bytes, read from the file as far as it needs (never all of it). */
const detect = (source: MediaSource) => (Buffer.isBuffer(source) ? fileTypeFromBuffer(source) : fileTypeFromFile(source.path)).catch(() => undefined);

/**
 * Media files, one folder (or key prefix) per company: `<companyId>/<name>`. A message keeps only
 * the stored name (`messages.media_url`), never a path, so a name from the outside can never
 * reach another company's files or leave the store. Two stores implement it, chosen by
 * MEDIA_STORE (decision 0385): the filesystem (`DATA_DIR/media`, the default; several processes
 * must share the folder) and an S3-compatible bucket. Files are read through these functions
 * only; the server serves them on its authenticated routes (decision 0386).
 */
export interface MediaStore {
  readonly kind: 'fs' | 's3';
  /**
   * Writes the bytes under a new unguessable name and returns it. The name's extension is what
   * the bytes are (`storedExtension`), never only what the sender said. A spooled source is
   * consumed (moved or uploaded, then removed).
   */
  save(companyId: number, source: MediaSource, opts: { mimetype: string; fileName?: string }): Promise<string>;
  /** A new local file name for an upload being received (handed to `save` as `{ path }`). */
  spoolPath(): Promise<string>;
  /** A stored file of this company as a stream (with its size when known), or undefined when there is none. */
  open(companyId: number, name: string): Promise<StoredFile | undefined>;
  /** The bytes of a stored file; rejects (code ENOENT) when there is none. */
  read(companyId: number, name: string): Promise<Buffer>;
  exists(companyId: number, name: string): Promise<boolean>;
  /** Deletes a stored file; a name that is not one (or is gone already) is no error. */
  remove(companyId: number, name: string): Promise<void>;
  /**
   * Runs `use` with a local file holding the stored bytes (the filesystem store's own file; the
   * S3 store downloads to a spool file, removed after): what a channel sends from. `undefined`
   * when the name is not one of the company's files.
   */
  withFile<T>(companyId: number, name: string, use: (path: string | undefined) => Promise<T>): Promise<T>;
}

/** A stored file being read. */
export interface StoredFile {
  stream: Readable;
  size?: number;
}

const SAFE_NAME = /^[0-9a-f]{24}(-[A-Za-z0-9._-]{1,120})?$/;

/** Whether `name` is one a store could have produced for a real company: no '/', no '..', nothing else. */
export const isStoredName = (companyId: number, name: string): boolean => Number.isSafeInteger(companyId) && companyId > 0 && SAFE_NAME.test(name);

/** What `read` rejects with when there is no such file (both stores). */
export const noSuchFile = (name: string) => Object.assign(new Error(`not a stored media file: ${name}`), { code: 'ENOENT' });

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

/** A new stored name for these bytes: 96 random bits, then the safe file name with the extension the bytes have. */
export const newStoredName = async (source: MediaSource, opts: { mimetype: string; fileName?: string }): Promise<string> => {
  const claimed = safeFileName(opts.fileName, opts.mimetype);
  const ext = await storedExtension(source, claimed);
  const dot = claimed.lastIndexOf('.');
  const base = dot > 0 ? claimed.slice(0, dot) : claimed;
  const fileName = extensionOf(claimed) === ext ? claimed : `${base}.${ext}`;
  return `${randomBytes(12).toString('hex')}-${fileName.slice(-120)}`;
};
