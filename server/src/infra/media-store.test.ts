/**
 * The media store's contract (decision 0385), run against both stores: the filesystem one and
 * the S3 one on a local S3-compatible server (s3rver) this file starts. What a module may rely on
 * — names, bytes, tenant isolation, spooled uploads, removal, a local file to send from — holds
 * for either, so the routes' media tests pass on either (media-stores.routes.test.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/helpers/local-s3';
import type { MediaStore, StoredFile } from './media-store';
import { mimetypeOfName, safeFileName } from './media-store';
import { createMediaStore } from './media-stores';

const dir = mkdtempSync(join(tmpdir(), 'balcao-media-'));
let s3: LocalS3;
const stores: Record<'fs' | 's3', MediaStore> = {} as never;
beforeAll(async () => {
  s3 = await startLocalS3({ prefix: 'media/' });
  stores.fs = await createMediaStore({ dataDir: join(dir, 'fs') });
  stores.s3 = await createMediaStore({ dataDir: join(dir, 's3'), media: s3.media });
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bytesOf = async (file: StoredFile | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(62)]);

describe.each(['fs', 's3'] as const)('the %s media store', (kind) => {
  const store = () => stores[kind];

  it('says which it is (MEDIA_STORE)', () => {
    expect(store().kind).toBe(kind);
  });

  it('stores bytes under a fresh name and gives them back: read, open (a stream with its size), exists', async () => {
    const name = await store().save(7, Buffer.from('abc'), { mimetype: 'application/pdf', fileName: 'Orçamento final.pdf' });
    expect(name).toMatch(/^[0-9a-f]{24}-Orcamento_final\.pdf$/);
    expect((await store().read(7, name)).toString()).toBe('abc');
    const file = await store().open(7, name);
    expect(file?.size).toBe(3);
    expect((await bytesOf(file)).toString()).toBe('abc');
    expect(await store().exists(7, name)).toBe(true);
    const again = await store().save(7, Buffer.from('abc'), { mimetype: 'application/pdf', fileName: 'Orçamento final.pdf' });
    expect(again).not.toBe(name);
  });

  it("never reaches another company's file, nor a name it could not have produced", async () => {
    const name = await store().save(1, Buffer.from('secret'), { mimetype: 'image/jpeg' });
    expect(await store().exists(2, name)).toBe(false);
    expect(await store().open(2, name)).toBeUndefined();
    await expect(store().read(2, name)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store().withFile(2, name, async (path) => path ?? 'none')).toBe(kind === 'fs' ? join(dir, 'fs', 'media', '2', name) : 'none');
    for (const bad of ['../1/' + name, '..', '/etc/passwd', 'x', `${name}/..`, '', `1/${name}`]) {
      expect(await store().exists(1, bad)).toBe(false);
      expect(await store().open(1, bad)).toBeUndefined();
      expect(await store().withFile(1, bad, async (path) => path)).toBeUndefined();
      await store().remove(1, bad);
    }
    for (const company of [0, -1, 1.5]) expect(await store().exists(company, name)).toBe(false);
    // Removing through another company leaves the owner's file.
    await store().remove(2, name);
    expect((await store().read(1, name)).toString()).toBe('secret');
  });

  it('takes a spooled upload: the spool file is consumed and is never a stored name', async () => {
    const spool = await store().spoolPath();
    expect(await store().exists(5, basename(spool))).toBe(false);
    await writeFile(spool, Buffer.alloc(200_000, 9));
    const name = await store().save(5, { path: spool }, { mimetype: 'application/octet-stream', fileName: 'big.dat' });
    expect(existsSync(spool)).toBe(false);
    expect((await store().read(5, name)).equals(Buffer.alloc(200_000, 9))).toBe(true);
  });

  it('removes a file (twice is no error)', async () => {
    const name = await store().save(8, Buffer.from('bye'), { mimetype: 'text/plain', fileName: 'a.txt' });
    await store().remove(8, name);
    expect(await store().exists(8, name)).toBe(false);
    expect(await store().open(8, name)).toBeUndefined();
    await store().remove(8, name);
  });

  it('lends a local file with the bytes for a send, and leaves no copy behind', async () => {
    const name = await store().save(9, JPEG, { mimetype: 'image/jpeg', fileName: 'foto.jpg' });
    let lent = '';
    const bytes = await store().withFile(9, name, async (path) => {
      lent = path!;
      const { readFile } = await import('node:fs/promises');
      return readFile(path!);
    });
    expect(bytes.equals(JPEG)).toBe(true);
    // The filesystem store lends its own file; the S3 store a spooled download, removed after.
    expect(existsSync(lent)).toBe(kind === 'fs');
    await expect(store().withFile(9, name, async () => Promise.reject(new Error('send failed')))).rejects.toThrow('send failed');
    expect(await store().exists(9, name)).toBe(true);
  });

  describe('decides the type from the bytes, not the name', () => {
    const stored = async (bytes: Buffer, mimetype: string, fileName?: string) => {
      const name = await store().save(3, bytes, { mimetype, ...(fileName ? { fileName } : {}) });
      expect((await store().read(3, name)).equals(bytes)).toBe(true);
      return { name: name.slice(25), type: mimetypeOfName(name) ?? 'unknown' };
    };

    it('a renamed .exe claiming to be a picture is kept, but as an unknown file', async () => {
      expect(await stored(EXE, 'image/jpeg', 'foto.jpg')).toEqual({ name: 'foto.bin', type: 'unknown' });
      expect(await stored(EXE, 'application/pdf', 'boleto.pdf')).toEqual({ name: 'boleto.bin', type: 'unknown' });
    });

    it('bytes nothing recognises are never a picture, video or audio', async () => {
      expect(await stored(Buffer.from('not really a png'), 'image/png', 'foto.png')).toEqual({ name: 'foto.bin', type: 'unknown' });
      expect(await stored(Buffer.from('not really audio'), 'audio/ogg; codecs=opus')).toEqual({ name: 'file.bin', type: 'unknown' });
      // A document keeps its name (it is only ever downloaded, never shown).
      expect(await stored(Buffer.from('a,b\n1,2'), 'text/csv', 'planilha.csv')).toEqual({ name: 'planilha.csv', type: 'text/csv' });
    });

    it('a real picture gets its real type, whatever it was called', async () => {
      expect(await stored(JPEG, 'image/png', 'foto.png')).toEqual({ name: 'foto.jpg', type: 'image/jpeg' });
      expect(await stored(JPEG, 'image/jpeg', 'foto.JPEG')).toEqual({ name: 'foto.JPEG', type: 'image/jpeg' });
      expect(await stored(JPEG, 'image/jpeg')).toEqual({ name: 'file.jpg', type: 'image/jpeg' });
      expect(await stored(Buffer.from('%PDF-1.4\n'), 'application/octet-stream', 'boleto')).toEqual({ name: 'boleto.pdf', type: 'application/pdf' });
    });
  });
});

describe('the filesystem store', () => {
  it('keeps a company\'s files in its own folder under DATA_DIR/media', async () => {
    const name = await stores.fs.save(7, Buffer.from('abc'), { mimetype: 'text/plain', fileName: 'a.txt' });
    expect(existsSync(join(dir, 'fs', 'media', '7', name))).toBe(true);
  });
});

describe('the S3 store', () => {
  it('keeps a company\'s files under <S3_PREFIX><companyId>/ in the bucket, typed by their name', async () => {
    const name = await stores.s3.save(7, JPEG, { mimetype: 'image/jpeg', fileName: 'foto.jpg' });
    const client = new S3Client({ region: s3.s3.region, endpoint: s3.s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.s3.bucket, Key: `media/7/${name}` }));
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.ContentLength).toBe(JPEG.length);
    await expect(client.send(new GetObjectCommand({ Bucket: s3.s3.bucket, Key: `7/${name}` }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    client.destroy();
  });

  it('reports a bucket it cannot read instead of calling the file missing', async () => {
    const wrong = await createMediaStore({ dataDir: join(dir, 's3'), media: { store: 's3', s3: { ...s3.s3, bucket: 'no-such-bucket' } } });
    await expect(wrong.open(1, `${'a'.repeat(24)}-x.txt`)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(wrong.save(1, Buffer.from('x'), { mimetype: 'text/plain' })).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('file names', () => {
  it('names files without a name by their type', () => {
    expect(safeFileName(undefined, 'image/jpeg')).toBe('file.jpg');
    expect(safeFileName('', 'audio/ogg; codecs=opus')).toBe('file.ogg');
    expect(safeFileName(undefined, 'application/x-unknown')).toBe('file.bin');
    expect(safeFileName('../../etc/passwd', 'text/plain')).toBe('etc_passwd');
  });
});
