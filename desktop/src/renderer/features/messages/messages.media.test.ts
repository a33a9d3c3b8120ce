// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { clearSession, setSession } from '../../lib/session';
import { clearMediaCache, loadMedia, mediaCacheSize } from './messages.media';

const user = { id: 1, companyId: 1, company: { id: 1, name: 'ACME', dueDate: null, settings: [] } } as unknown as SessionUserDto;

// Answers a failed test left held would keep the download slots (module state) for the next tests.
let leftHeld: (() => void)[] = [];

/** Answers every file request with two bytes and `status`; `hold` keeps answers until released. */
const server = (opts: { hold?: boolean } = {}) => {
  const held: (() => void)[] = [];
  const paths: string[] = [];
  const state = { status: 200 };
  vi.stubGlobal('fetch', (input: Request) => {
    paths.push(new URL(input.url).pathname);
    const answer = () => new Response(new Uint8Array([1, 2]), { status: state.status });
    if (!opts.hold) return Promise.resolve(answer());
    return new Promise<Response>((resolve) => held.push(() => resolve(answer())));
  });
  leftHeld = held;
  return { paths, held, state };
};

describe('loadMedia', () => {
  beforeEach(() => setSession('tok', user));
  afterEach(() => {
    for (const answer of leftHeld.splice(0)) answer();
    vi.unstubAllGlobals();
    clearMediaCache();
    clearSession();
  });

  it('asks once for the same message and stored name, again for a new name', async () => {
    const { paths } = server();
    const [a, b] = await Promise.all([loadMedia(7, 'a.png'), loadMedia(7, 'a.png')]);
    expect(a).toBe(b);
    expect(await loadMedia(7, 'a.png')).toBe(a);
    await loadMedia(7, 'b.png');
    expect(paths).toEqual(['/messages/7/media', '/messages/7/media']);
  });

  it('keeps at most four downloads open and starts the next as one ends', async () => {
    const { paths, held } = server({ hold: true });
    const all = Array.from({ length: 6 }, (_, i) => loadMedia(i + 1, `${i}.png`));
    await vi.waitFor(() => expect(held).toHaveLength(4));
    await new Promise((r) => setTimeout(r, 20));
    expect(paths).toHaveLength(4);
    held.shift()!();
    await vi.waitFor(() => expect(paths).toHaveLength(5));
    expect(held).toHaveLength(4);
    for (const answer of held.splice(0)) answer();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()!();
    await expect(Promise.all(all)).resolves.toHaveLength(6);
  });

  it('forgets a failure, so the next call asks again', async () => {
    const { paths, state } = server();
    state.status = 404;
    await expect(loadMedia(7, 'a.png')).rejects.toThrow();
    expect(mediaCacheSize()).toBe(0);
    state.status = 200;
    await expect(loadMedia(7, 'a.png')).resolves.toBeTruthy();
    expect(paths).toHaveLength(2);
  });

  it('holds at most 100 files, dropping the least recently used', async () => {
    const { paths } = server();
    await Promise.all(Array.from({ length: 100 }, (_, i) => loadMedia(i + 1, `${i + 1}.png`)));
    await loadMedia(1, '1.png'); // used again: now the newest, so 2 is the oldest
    await loadMedia(101, '101.png');
    expect(mediaCacheSize()).toBe(100);
    const before = paths.length;
    await loadMedia(1, '1.png');
    await loadMedia(2, '2.png');
    expect(paths.slice(before)).toEqual(['/messages/2/media']);
  });

  it('drops every file when the session ends', async () => {
    server();
    await loadMedia(7, 'a.png');
    expect(mediaCacheSize()).toBe(1);
    clearSession();
    expect(mediaCacheSize()).toBe(0);
  });
});
