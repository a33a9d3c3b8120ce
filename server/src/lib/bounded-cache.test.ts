import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('never holds more than its bound, dropping the least recently used', () => {
    const cache = new BoundedCache(3, 60_000);
    for (const k of ['a', 'b', 'c']) cache.set(k, k.toUpperCase());
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('d', 'D');
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k))).toEqual(['A', 'C', 'D']);
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
  });

  it('expires entries after the ttl', () => {
    let now = 0;
    const cache = new BoundedCache(10, 1_000, () => now);
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps null (a deleted key) as a value, and forgets on del and flushAll', () => {
    const cache = new BoundedCache(10, 1_000);
    cache.set('gone', null);
    expect(cache.get('gone')).toBeNull();
    cache.set('x', 1);
    cache.del('x');
    expect(cache.get('x')).toBeUndefined();
    cache.flushAll();
    expect(cache.size).toBe(0);
  });
});
