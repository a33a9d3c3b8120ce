import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMediaStore, safeFileName } from './media-store';

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
});
