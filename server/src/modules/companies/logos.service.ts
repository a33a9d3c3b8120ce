import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { can, logoDestinations, type LogoDestination, type LogosResponse, type LogoUploadResponse } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { MediaStore } from '../../infra/media-store';
import type { UploadedFile } from '../../infra/uploads';
import { auditQueries } from '../audit';
import { platform as companyPlatform } from './companies.repository';
import { allLogos, currentLogo, lockLogos, putLogo, putLogoIfNone } from './logos.repository';
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
  /** The media store's name of the file (under the platform company's id). */
  name: string;
  /** Changes with every upload (time and size, base 36): the UI's cache-buster and the ETag. */
  version: string;
}

/** What versions looked like when logos lived on disk (their mtime and size): an imported logo keeps its ETag. */
const versionOf = (ms: number, size: number) => `${Math.trunc(ms).toString(36)}${size.toString(36)}`;

/**
 * The platform's logos (administration.md Settings → Logo; decisions 0270, 0460): the files live
 * in the media store (MEDIA_STORE: a folder or a bucket) under the platform company's id, each
 * upload under a fresh name; the table `platform_logos` says which file is each destination's
 * current logo (kind, size, version). Every process reads the same row, so a new logo is
 * everyone's at once; the replaced file is removed after the switch is committed. A logo left in
 * `DATA_DIR/logos/<destination>.<ext>` by an earlier version is imported once, at a process's
 * first use, when its destination has no row yet (decision 0461); the disk is never written.
 */
export const createLogosService = (deps: { data: DataAccess; dataDir: string; media: MediaStore }) => {
  const legacyRoot = join(deps.dataDir, 'logos');

  let platformId: number | undefined;
  const platform = async (): Promise<number> => {
    platformId ??= await deps.data.withSystem('companies:super', async ({ tx }) => {
      const p = await companyPlatform(tx);
      if (!p) throw new Error('logos: no platform company');
      return p.id;
    });
    return platformId;
  };

  /** A logo kept on disk by an earlier version, imported into the store and the table when the destination has none. */
  const importLegacy = async (dest: LogoDestination): Promise<void> => {
    for (const kind of KINDS) {
      const path = join(legacyRoot, `${dest}.${kind}`);
      const s = await stat(path).catch(() => null);
      if (!s?.isFile()) continue;
      const present = await deps.data.withSystem('companies:setup', async ({ tx }) => currentLogo(tx, dest));
      if (present) return;
      const companyId = await platform();
      const bytes = await readFile(path);
      const name = await deps.media.save(companyId, bytes, { mimetype: LOGO_TYPES[kind], fileName: `${dest}.${kind}` });
      const taken = await deps.data
        .withSystem('companies:setup', async ({ tx }) => {
          await lockLogos(tx);
          return putLogoIfNone(tx, { companyId, destination: dest, kind, name, size: bytes.length, version: versionOf(s.mtimeMs, s.size) });
        })
        .catch(async (e: unknown) => {
          await deps.media.remove(companyId, name).catch(() => undefined);
          throw e;
        });
      // Another process imported it first (or a new logo arrived): ours is not needed.
      if (!taken) await deps.media.remove(companyId, name).catch(() => undefined);
      return;
    }
  };

  let imported: Promise<void> | undefined;
  /** Once per process (again after a failure): the disk's logos, if any, into the store. */
  const ready = (): Promise<void> =>
    (imported ??= (async () => {
      for (const dest of logoDestinations) await importLegacy(dest);
    })().catch((e: unknown) => {
      imported = undefined;
      throw e;
    }));

  const stored = async (dest: LogoDestination): Promise<StoredLogo | null> => {
    await ready();
    const row = await deps.data.withSystem('settings:public', async ({ tx }) => currentLogo(tx, dest));
    return row ? { kind: row.kind as LogoKind, name: row.name, version: row.version } : null;
  };

  /** The current file of each destination, kept by name: a stored name never changes its bytes. */
  const cache = new Map<LogoDestination, { name: string; bytes: Buffer }>();

  return {
    stored,

    /** The bytes to serve for a destination, or null (then the default logo, if any). */
    read: async (dest: LogoDestination): Promise<(StoredLogo & { bytes: Buffer }) | null> => {
      const s = await stored(dest);
      if (!s) return null;
      const hit = cache.get(dest);
      if (hit?.name === s.name) return { ...s, bytes: hit.bytes };
      const bytes = await deps.media.read(await platform(), s.name).catch((e: { code?: string }) => {
        if (e?.code === 'ENOENT') return null;
        throw e;
      });
      if (!bytes) return null;
      cache.set(dest, { name: s.name, bytes });
      return { ...s, bytes };
    },

    /** GET /logos: each destination's address with its version; favicon '' when none was uploaded. */
    urls: async (): Promise<LogosResponse> => {
      await ready();
      const rows = await deps.data.withSystem('settings:public', async ({ tx }) => allLogos(tx));
      const out = { login: '', interno: '', favicon: '' } as LogosResponse;
      for (const dest of logoDestinations) {
        const s = rows.find((r) => r.destination === dest);
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
      await ready();
      const companyId = await platform();
      const name = await deps.media.save(companyId, file.bytes, { mimetype: LOGO_TYPES[kind], fileName: `${dest}.${kind}` });
      const version = versionOf(Date.now(), file.bytes.length);
      const before = await deps.data
        .withSystem('companies:super', async ({ tx }) => {
          await lockLogos(tx);
          const old = await currentLogo(tx, dest);
          await auditQueries.record(tx, ctx, {
            entity: 'logo',
            entityId: dest,
            action: old ? 'update' : 'create',
            before: old ? { kind: old.kind } : null,
            after: { kind, size: file.bytes.length, fileName: file.fileName.slice(-200) },
          });
          await putLogo(tx, { companyId, destination: dest, kind, name, size: file.bytes.length, version });
          return old;
        })
        .catch(async (e: unknown) => {
          await deps.media.remove(companyId, name).catch(() => undefined);
          throw e;
        });
      // The switch is committed: nobody is sent the old file any more.
      if (before && before.name !== name) await deps.media.remove(before.companyId, before.name).catch(() => undefined);
      return { mensagem: 'Arquivo Anexado', ref: dest, url: `/public/logotipos/${dest}.${kind}?v=${version}` };
    },
  };
};

export type LogosService = ReturnType<typeof createLogosService>;
