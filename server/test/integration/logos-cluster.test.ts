/**
 * The platform's logos on several processes (issue 31 §2; decisions 0460, 0461): two server
 * processes with a DATA_DIR each, one database and one bucket. A logo uploaded through one is
 * served by the other at once with the same ETag, and the replaced file leaves the bucket. A logo
 * an earlier version kept in DATA_DIR/logos is imported into the store and the table once, with
 * the version it had, and the disk is left as it was.
 */
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogosResponse } from '@balcao/shared';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { multipart } from '../helpers/form-parts';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3';
import { api, login } from '../helpers/world';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0a0"/></svg>');

let s3: LocalS3;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const dirs: string[] = [];
const apps: TestApp[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const a of apps.reverse()) await a.close();
  await db?.drop();
  await s3?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A server process of the cluster: its own DATA_DIR (optionally holding an earlier version's logos), the shared database and bucket. */
const startNode = async (legacy: Record<string, { bytes: Buffer; mtime: Date }> = {}): Promise<TestApp> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'balcao-logos-node-'));
  dirs.push(dataDir);
  if (Object.keys(legacy).length) await mkdir(join(dataDir, 'logos'));
  for (const [file, { bytes, mtime }] of Object.entries(legacy)) {
    await writeFile(join(dataDir, 'logos', file), bytes);
    await utimes(join(dataDir, 'logos', file), mtime, mtime);
  }
  const app = await createTestApp({ db, config: { media: s3.media, dataDir } });
  apps.push(app);
  return app;
};

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });
const upload = (app: TestApp, token: string, ref: string, bytes: Buffer, filename: string, type: string) => {
  const form = multipart([{ name: 'typeArch', value: 'logo' }, { name: 'file', value: bytes, filename, contentType: type }]);
  return app.app.inject({ method: 'POST', url: `/settings/media-upload?ref=${ref}`, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};
const logoRows = async (app: TestApp) => app.owner<{ destination: string; kind: string; name: string; size: number; version: string; company_id: number }[]>`select destination, kind, name, size, version, company_id from platform_logos order by destination`;

describe('logos on two processes sharing one database and one S3 bucket', () => {
  it('imports an earlier version’s logo from one process’s disk once, with its version, and leaves the disk alone', async () => {
    const mtime = new Date('2026-03-01T12:00:00Z');
    const one = await startNode({ 'interno.svg': { bytes: SVG, mtime } });
    const diskBefore = await stat(join(dirs[0]!, 'logos', 'interno.svg'));
    // The version an earlier version gave it (mtime and size): clients' cached ETags stay good.
    const version = `${mtime.getTime().toString(36)}${SVG.length.toString(36)}`;
    expect((await api(one).get<LogosResponse>('/logos')).body.interno).toBe(`/public/logotipos/interno.svg?v=${version}`);
    const served = await get(one, '/public/logotipos/interno.png');
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers.etag).toBe(`"${version}"`);
    expect(served.body).toBe(SVG.toString());
    const [row] = await logoRows(one);
    expect(row).toMatchObject({ destination: 'interno', kind: 'svg', size: SVG.length, version });
    expect((await one.media.read(row!.company_id, row!.name)).equals(SVG)).toBe(true);
    // The disk is left as it was: same bytes, same time.
    expect((await readFile(join(dirs[0]!, 'logos', 'interno.svg'))).equals(SVG)).toBe(true);
    expect((await stat(join(dirs[0]!, 'logos', 'interno.svg'))).mtimeMs).toBe(diskBefore.mtimeMs);
    // A second process started on the same disk imports nothing more: still one row, one file.
    const again = await createTestApp({ db, config: { media: s3.media, dataDir: dirs[0]! } });
    apps.push(again);
    expect((await get(again, '/public/logotipos/interno.svg')).headers.etag).toBe(`"${version}"`);
    expect(await logoRows(again)).toEqual([row]);
  });

  it('serves a logo uploaded through one process from the other at once, with the same ETag; the replaced file leaves the bucket', async () => {
    const [one, two] = [await startNode(), await startNode()];
    const token = (await login(one, SUPER_EMAIL, SUPER_PASSWORD)).token;
    const first = await upload(one, token, 'login', SVG, 'marca.svg', 'image/svg+xml');
    expect(first.statusCode, first.body).toBe(200);
    const [old] = (await logoRows(one)).filter((r) => r.destination === 'login');
    const up = await upload(one, token, 'login', PNG, 'marca.png', 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    const { url } = up.json<{ url: string }>();
    expect((await api(two).get<LogosResponse>('/logos')).body.login).toBe(url);
    const [byOne, byTwo] = [await get(one, '/public/logotipos/login.png'), await get(two, '/public/logotipos/login.png')];
    expect(byTwo.statusCode).toBe(200);
    expect(byTwo.headers['content-type']).toBe('image/png');
    expect(byTwo.rawPayload.equals(PNG)).toBe(true);
    expect(byTwo.headers.etag).toBe(byOne.headers.etag);
    expect(byTwo.headers.etag).toBe(`"${url.split('?v=')[1]}"`);
    expect((await get(two, '/public/logotipos/login.png', { 'if-none-match': String(byOne.headers.etag) })).statusCode).toBe(304);
    // The SVG it replaced is gone from the bucket; the PNG is there.
    const [now] = (await logoRows(two)).filter((r) => r.destination === 'login');
    expect(now!.name).not.toBe(old!.name);
    expect(await two.media.exists(old!.company_id, old!.name)).toBe(false);
    expect(await two.media.exists(now!.company_id, now!.name)).toBe(true);
  });
});
