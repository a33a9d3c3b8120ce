/**
 * A small LRU map with a time-to-live, shaped like Baileys' `CacheStore` (get/set/del/flushAll).
 * The key cache of a busy connection sees every contact's sessions and device lists; without a
 * bound it would grow with the address book, once per connection, for the life of the process.
 */
export class BoundedCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(
    readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (maxEntries < 1) throw new Error('BoundedCache needs room for at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expiresAt <= this.now()) return undefined;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, hit);
    return hit.value as T;
  }

  set<T>(key: string, value: T): boolean {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return true;
  }

  del(key: string): boolean {
    return this.entries.delete(key);
  }

  flushAll(): void {
    this.entries.clear();
  }
}
