import { describe, expect, it, vi } from 'vitest';
import type { Sealer } from './session-store.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createPersistentCookieJar } = await import('./session-store.js');
const { memoryStorage } = await import('./store.js');

const sealer = (available = true): Sealer => ({
  available: () => available,
  seal: (text) => Buffer.from(`sealed:${text}`).toString('base64'),
  open: (sealed) => {
    const text = Buffer.from(sealed, 'base64').toString();
    if (!text.startsWith('sealed:')) throw new Error('not ours');
    return text.slice(7);
  },
});

describe('the persistent cookie jar', () => {
  it('seals the refresh cookie on disk and reads it back on the next start', () => {
    const storage = memoryStorage();
    createPersistentCookieJar(storage, sealer()).receive(['jrt=secret; Max-Age=3600']);
    const onDisk = storage.get('cookies');
    expect(typeof onDisk).toBe('string');
    expect(String(onDisk)).not.toContain('secret');
    expect(createPersistentCookieJar(storage, sealer()).header()).toBe('jrt=secret');
  });

  it('keeps cookies in memory only where the OS cannot seal them', () => {
    const storage = memoryStorage();
    const jar = createPersistentCookieJar(storage, sealer(false));
    jar.receive(['jrt=secret; Max-Age=3600']);
    expect(jar.header()).toBe('jrt=secret');
    expect(storage.get('cookies')).toBeUndefined();
  });

  it('starts empty from a file it cannot open', () => {
    expect(createPersistentCookieJar(memoryStorage({ cookies: 'garbage' }), sealer()).header()).toBeUndefined();
  });
});
