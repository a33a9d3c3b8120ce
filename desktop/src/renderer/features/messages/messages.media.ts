import { http } from '../../lib/http';
import { useSession } from '../../lib/session';

const download = (id: number): Promise<Blob> => http.getBlob(`messages/${id}/media`);

// A conversation full of photos would otherwise open dozens of downloads at once.
const MAX_PARALLEL = 4;
let running = 0;
const waiting: (() => void)[] = [];

// A finishing download hands its slot straight to the next in line, so the limit holds.
const acquire = (): Promise<void> => {
  if (running < MAX_PARALLEL) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
};

const release = () => {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
};

const limited = async <T>(job: () => Promise<T>): Promise<T> => {
  await acquire();
  try {
    return await job();
  } finally {
    release();
  }
};

// Blobs, not object URLs, are cached: each mounted element makes and revokes its own URL, so an
// evicted entry never breaks a picture on screen. Bounded by count and bytes, oldest out first.
const MAX_ENTRIES = 100;
const MAX_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, { blob: Promise<Blob>; bytes: number }>();

const evict = () => {
  let bytes = 0;
  for (const entry of cache.values()) bytes += entry.bytes;
  for (const [key, entry] of cache) {
    if (cache.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    cache.delete(key);
    bytes -= entry.bytes;
  }
};

/** The file of a message, fetched once per id and stored name (a retried download gets a new name). */
export const loadMedia = (id: number, mediaUrl: string): Promise<Blob> => {
  const key = `${id}:${mediaUrl}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.blob;
  }
  const entry = { blob: limited(() => download(id)), bytes: 0 };
  cache.set(key, entry);
  entry.blob.then(
    (blob) => {
      entry.bytes = blob.size;
      evict();
    },
    () => {
      // A failure is not remembered: the next render of the message tries again.
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  evict();
  return entry.blob;
};

export const mediaCacheSize = (): number => cache.size;

export const clearMediaCache = (): void => cache.clear();

// Files of one session must not outlive it (another user may sign in on this window).
useSession.subscribe((state) => {
  if (!state.token) clearMediaCache();
});
