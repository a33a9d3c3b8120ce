import { z } from 'zod';
import { createCookieJar, type CookieJar, type StoredCookie } from './cookie-jar.js';
import { ElectronStore, safeStorage } from './electron-api.js';
import type { KeyValueStorage } from './store.js';

const KEY = 'cookies';
const StoredCookies = z.array(z.object({ name: z.string(), value: z.string(), expiresAt: z.number().optional() })).max(50);

export interface Sealer {
  available(): boolean;
  seal(text: string): string;
  open(sealed: string): string;
}

/** The OS keychain (macOS Keychain, Windows DPAPI, libsecret/kwallet on Linux) via safeStorage. */
export const safeStorageSealer: Sealer = {
  available: () => safeStorage.isEncryptionAvailable(),
  seal: (text) => safeStorage.encryptString(text).toString('base64'),
  open: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
};

/**
 * The server's cookies kept between runs in `session.json`, sealed by the OS. Where nothing can
 * seal them, they live in memory only: the user logs in again after a restart rather than
 * leaving a refresh token readable on disk.
 */
export function createPersistentCookieJar(storage: KeyValueStorage, sealer: Sealer): CookieJar {
  const canSeal = sealer.available();
  let initial: StoredCookie[] = [];
  const sealed = storage.get(KEY);
  if (canSeal && typeof sealed === 'string') {
    try {
      const parsed = StoredCookies.safeParse(JSON.parse(sealer.open(sealed)));
      if (parsed.success) initial = parsed.data;
    } catch {
      // Sealed by another user or machine: start empty.
    }
  }
  return createCookieJar({
    initial,
    persist: canSeal ? (cookies) => storage.set(KEY, sealer.seal(JSON.stringify(cookies))) : undefined,
  });
}

export function openCookieJar(): CookieJar {
  return createPersistentCookieJar(new ElectronStore({ name: 'session', clearInvalidConfig: true }), safeStorageSealer);
}
