import { describe, expect, it, vi } from 'vitest';
import { createCookieJar } from './cookie-jar.js';

describe('createCookieJar', () => {
  it('keeps cookies until they expire and sends them back', () => {
    let now = 0;
    const jar = createCookieJar({ now: () => now });
    expect(jar.header()).toBeUndefined();
    jar.receive(['jrt=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60', 'other=1; Path=/']);
    expect(jar.header()).toBe('jrt=abc; other=1');
    now = 61_000;
    expect(jar.header()).toBe('other=1');
  });

  it('replaces and deletes, and ignores malformed lines', () => {
    const jar = createCookieJar({ now: () => 0 });
    jar.receive(['jrt=a; Max-Age=100', 'garbage', '=x', 'bad name=1', 'x=1\r\nInjected: yes']);
    jar.receive(['jrt=b; Max-Age=100']);
    expect(jar.header()).toBe('jrt=b');
    jar.receive(['jrt=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBeUndefined();
  });

  it('persists cookies that outlive the app, and starts from what was persisted', () => {
    const persist = vi.fn();
    const jar = createCookieJar({ now: () => 0, persist });
    jar.receive(['jrt=a; Max-Age=100', 'session=1']);
    expect(persist).toHaveBeenLastCalledWith([{ name: 'jrt', value: 'a', expiresAt: 100_000 }]);
    const next = createCookieJar({ now: () => 50_000, initial: persist.mock.lastCall?.[0] });
    expect(next.header()).toBe('jrt=a');
    const later = createCookieJar({ now: () => 200_000, initial: persist.mock.lastCall?.[0] });
    expect(later.header()).toBeUndefined();
    jar.clear();
    expect(persist).toHaveBeenLastCalledWith([]);
  });
});
