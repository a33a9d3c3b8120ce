import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMediaStore, mimetypeOfName, safeFileName } from './media-store';

const dir = mkdtempSync(join(tmpdir(), 'balcao-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = createMediaStore(dir);

describe('media store', () => {
  it('stores bytes under a fresh name in the company folder and reads them back', async () => {
    const name = await store.save(7, Buffer.from('abc'), { mimetype: 'application/pdf', fileName: 'Orçamento final.pdf' });
    expect(name).toMatch(/^[0-9a-f]{24}-Orcamento_final\.pdf$/);
    expect(store.pathOf(7, name)).toBe(join(dir, 'media', '7', name));
    expect((await store.read(7, name)).toString()).toBe('abc');
    expect(await store.exists(7, name)).toBe(true);
    const again = await store.save(7, Buffer.from('abc'), { mimetype: 'application/pdf', fileName: 'Orçamento final.pdf' });
    expect(again).not.toBe(name);
  });

  it("never resolves a name into another company's folder or outside the media root", async () => {
    const name = await store.save(1, Buffer.from('secret'), { mimetype: 'image/jpeg' });
    expect(await store.exists(2, name)).toBe(false);
    await expect(store.read(2, name)).rejects.toThrow();
    for (const bad of ['../1/' + name, '..', '/etc/passwd', 'x', `${name}/..`, '']) expect(store.pathOf(1, bad)).toBeUndefined();
    expect(store.pathOf(0, name)).toBeUndefined();
  });

  it('names files without a name by their type', () => {
    expect(safeFileName(undefined, 'image/jpeg')).toBe('file.jpg');
    expect(safeFileName('', 'audio/ogg; codecs=opus')).toBe('file.ogg');
    expect(safeFileName(undefined, 'application/x-unknown')).toBe('file.bin');
    expect(safeFileName('../../etc/passwd', 'text/plain')).toBe('etc_passwd');
  });

  describe('decides the type from the bytes, not the name', () => {
    const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
    const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(62)]);
    const stored = async (bytes: Buffer, mimetype: string, fileName?: string) => {
      const name = await store.save(3, bytes, { mimetype, ...(fileName ? { fileName } : {}) });
      expect((await store.read(3, name)).equals(bytes)).toBe(true);
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
