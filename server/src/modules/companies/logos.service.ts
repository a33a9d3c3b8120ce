import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { can, logoDestinations, type LogoDestination, type LogosResponse, type LogoUploadResponse } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { UploadedFile } from '../../infra/uploads';
import { auditQueries } from '../audit';
import { svgProblem } from './svg-check';

/** A logo is a small picture: 512 KiB is far more than any login logo or favicon needs. */
export const LOGO_MAX_BYTES = 512 * 1024;

export type LogoKind = 'png' | 'ico' | 'svg';
const KINDS: readonly LogoKind[] = ['png', 'ico', 'svg'];
export const LOGO_TYPES: Record<LogoKind, string> = { png: 'image/png', ico: 'image/x-icon', svg: 'image/svg+xml' };

/** The kind of an upload by its bytes (file-type for PNG and ICO; SVG by parsing), or null. */
export const sniffLogo = async (bytes: Buffer): Promise<LogoKind | null> => {
  const t = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (t?.ext === 'png' || t?.ext === 'ico') return t.ext;
  // file-type calls a document with an XML declaration 'xml' (and may one day say 'svg'): text is judged by parsing.
  if (t && t.ext !== 'xml' && t.ext !== 'svg') return null;
  return svgProblem(bytes) === null ? 'svg' : null;
};

export interface StoredLogo {
  kind: LogoKind;
  path: string;
  /** Changes with every upload (modification time and size): the UI's cache-buster and the ETag. */
  version: string;
}

/**
 * The platform's logos (administration.md Settings → Logo; decision 0270): one file per
 * destination in `DATA_DIR/logos/<destination>.<png|ico|svg>`, shared by every process like the
 * media folder. A new upload replaces the destination's file (written aside, then renamed).
 */
export const createLogosService = (deps: { data: DataAccess; dataDir: string }) => {
  const root = join(deps.dataDir, 'logos');

  const stored = async (dest: LogoDestination): Promise<StoredLogo | null> => {
    for (const kind of KINDS) {
      const path = join(root, `${dest}.${kind}`);
      const s = await stat(path).catch(() => null);
      if (s?.isFile()) return { kind, path, version: `${Math.trunc(s.mtimeMs).toString(36)}${s.size.toString(36)}` };
    }
    return null;
  };

  return {
    stored,

    /** The bytes to serve for a destination, or null (then the default logo, if any). */
    read: async (dest: LogoDestination): Promise<(StoredLogo & { bytes: Buffer }) | null> => {
      const s = await stored(dest);
      const bytes = s ? await readFile(s.path).catch(() => null) : null;
      return s && bytes ? { ...s, bytes } : null;
    },

    /** GET /logos: each destination's address with its version; favicon '' when none was uploaded. */
    urls: async (): Promise<LogosResponse> => {
      const out = { login: '', interno: '', favicon: '' } as LogosResponse;
      for (const dest of logoDestinations) {
        const s = await stored(dest);
        out[dest] = s ? `/public/logotipos/${dest}.${s.kind}?v=${s.version}` : dest === 'favicon' ? '' : `/public/logotipos/${dest}.png`;
      }
      return out;
    },

    /** POST /settings/media-upload?ref=: the super user's new logo, sniffed, size-limited and audited. */
    upload: async (ctx: Ctx, dest: LogoDestination, file: UploadedFile): Promise<LogoUploadResponse> => {
      if (!can(ctx, 'logos:manage')) throw new AppError('ERR_NO_PERMISSION');
      if (file.bytes.length === 0) throw new AppError('ERR_VALIDATION', 'empty file');
      if (file.bytes.length > LOGO_MAX_BYTES) throw new AppError('ERR_FILE_TOO_LARGE', `at most ${LOGO_MAX_BYTES} bytes`);
      const kind = await sniffLogo(file.bytes);
      if (!kind) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', 'PNG, ICO or SVG only');
      const before = await stored(dest);
      await mkdir(root, { recursive: true, mode: 0o700 });
      const tmp = join(root, `.${dest}.${randomBytes(6).toString('hex')}.tmp`);
      await deps.data.withSystem('companies:super', async ({ tx }) => {
        await auditQueries.record(tx, ctx, {
          entity: 'logo',
          entityId: dest,
          action: before ? 'update' : 'create',
          before: before ? { kind: before.kind } : null,
          after: { kind, size: file.bytes.length, fileName: file.fileName.slice(-200) },
        });
        await writeFile(tmp, file.bytes, { mode: 0o600 });
        await rename(tmp, join(root, `${dest}.${kind}`));
        for (const other of KINDS) if (other !== kind) await rm(join(root, `${dest}.${other}`), { force: true });
      });
      const now = (await stored(dest))!;
      return { mensagem: 'Arquivo Anexado', ref: dest, url: `/public/logotipos/${dest}.${now.kind}?v=${now.version}` };
    },
  };
};

export type LogosService = ReturnType<typeof createLogosService>;
