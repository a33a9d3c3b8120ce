import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import type { Tx } from '../../../db/client';
import type { DataAccess } from '../../../db/tenant';
import { AppError } from '../../../infra/errors';
import * as whatsapps from '../whatsapp.repository';
import * as repo from './auth-state.repository';
import { BoundedCache } from '../../../lib/bounded-cache';
import { open, seal } from '../../../lib/sealed-value';

export type { AuthConnection } from './auth-state.repository';

export interface PostgresAuthState {
  /** Hand to makeWASocket as `auth` (wrap `state.keys` with cachedKeys first). */
  state: AuthenticationState;
  /** Persist `state.creds`; call on every `creds.update`. */
  saveCreds(): Promise<void>;
  /** Forget the session (logged out): every row of the connection, and fresh in-memory creds. */
  clear(): Promise<void>;
}

type KeyFamily = keyof SignalDataTypeMap;

const CREDS = 'creds';
const CREDS_ID = '';

const as =
  <K extends KeyFamily>() =>
  (v: unknown) =>
    v as SignalDataTypeMap[K];

/**
 * How each Signal key family comes back from JSON. Exhaustive over Baileys' SignalDataTypeMap:
 * a family added by a Baileys upgrade fails to compile here until it is looked at.
 */
const revive: { [K in KeyFamily]: (v: unknown) => SignalDataTypeMap[K] } = {
  'pre-key': as<'pre-key'>(),
  session: as<'session'>(),
  'sender-key': as<'sender-key'>(),
  'sender-key-memory': as<'sender-key-memory'>(),
  // Baileys reads fields of the protobuf class (keyData, fingerprint…), not of a plain object.
  'app-state-sync-key': (v) => proto.Message.AppStateSyncKeyData.fromObject(v as Record<string, unknown>),
  'app-state-sync-version': as<'app-state-sync-version'>(),
  'lid-mapping': as<'lid-mapping'>(),
  'device-list': as<'device-list'>(),
  tctoken: as<'tctoken'>(),
  'identity-key': as<'identity-key'>(),
};

const isFamily = (c: string): c is KeyFamily => Object.hasOwn(revive, c);

// The AAD names the row, so a value moved to another key or connection no longer opens.
const aad = (conn: repo.AuthConnection, category: string, keyId: string) => `${conn.companyId}/${conn.whatsappId}/${category}/${keyId}`;

const encode = (key: Buffer, conn: repo.AuthConnection, category: string, keyId: string, value: unknown): repo.AuthRow => ({
  category,
  keyId,
  value: seal(key, JSON.stringify(value, BufferJSON.replacer), aad(conn, category, keyId)),
});

const decode = (key: Buffer, conn: repo.AuthConnection, row: repo.AuthRow): unknown =>
  JSON.parse(open(key, row.value, aad(conn, row.category, row.keyId)), BufferJSON.reviver);

/** Runs writes one after another: a later saveCreds must never be overtaken by an older one. */
const serial = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
};

/**
 * Baileys auth state (creds + Signal keys) in `whatsapp_auth`, one row per value, encrypted
 * with AES-256-GCM under `key`. Rejects a connection that is not the company's.
 */
export const usePostgresAuthState = async (data: DataAccess, conn: repo.AuthConnection, key: Buffer): Promise<PostgresAuthState> => {
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) =>
    data.withTenant({ companyId: conn.companyId }, ({ tx }) => fn(tx));
  const queue = serial();

  const stored = await inTenant(async (tx) => {
    if (!(await whatsapps.get(tx, conn.companyId, conn.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
    return (await repo.read(tx, conn, CREDS, [CREDS_ID]))[0];
  });
  const state: AuthenticationState = {
    creds: stored ? (decode(key, conn, stored) as AuthenticationCreds) : initAuthCreds(),
    keys: {
      get: async <T extends KeyFamily>(type: T, ids: string[]) => {
        const rows = await inTenant((tx) => repo.read(tx, conn, type, [...new Set(ids)]));
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const row of rows) out[row.keyId] = revive[type](decode(key, conn, row)) as SignalDataTypeMap[T];
        return out;
      },
      // One transaction: Baileys commits a whole batch of keys at once, a half-written batch
      // (a session without its identity, say) would break decryption for that contact.
      set: (batch: SignalDataSet) => queue(() => inTenant((tx) => writeBatch(tx, key, conn, batch))),
      clear: () => queue(() => inTenant((tx) => repo.removeAll(tx, conn, { except: CREDS }))),
    },
  };

  return {
    state,
    saveCreds: () =>
      queue(async () => {
        // Snapshot now, inside the queue: the creds object keeps changing under Baileys.
        const row = encode(key, conn, CREDS, CREDS_ID, state.creds);
        await inTenant((tx) => repo.upsert(tx, conn, [row]));
      }),
    clear: () =>
      queue(async () => {
        await inTenant((tx) => repo.removeAll(tx, conn));
        // A late creds.update from the dying socket must not write the old identity back.
        state.creds = initAuthCreds();
      }),
  };
};

/**
 * Families and ids in a fixed order (rows are locked in that order, so two writers cannot
 * deadlock); each family is serialized just before its statements, inside the transaction.
 */
const writeBatch = async (tx: Tx, key: Buffer, conn: repo.AuthConnection, batch: SignalDataSet): Promise<void> => {
  for (const category of Object.keys(batch).sort()) {
    if (!isFamily(category)) throw new Error(`unknown Signal key family: ${category}`);
    const values = batch[category] ?? {};
    const ids = Object.keys(values).sort();
    const gone = ids.filter((id) => values[id] === null || values[id] === undefined);
    const kept = ids.filter((id) => values[id] !== null && values[id] !== undefined);
    await repo.remove(tx, conn, category, gone);
    await repo.upsert(tx, conn, kept.map((id) => encode(key, conn, category, id, values[id])));
  }
};

const silent = {
  level: 'silent',
  child: () => silent,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export interface KeyCacheOptions {
  /** Entries kept per connection (least recently used go first). */
  maxEntries?: number;
  ttlMs?: number;
  logger?: Parameters<typeof makeCacheableSignalKeyStore>[1];
}

/**
 * Baileys' read-through key cache over `keys`, bounded. When a write fails the cache is
 * emptied (under Baileys' cache lock): it was filled before the write, and must not keep
 * values the database rolled back.
 */
export const cachedKeys = (keys: SignalKeyStore, opts: KeyCacheOptions = {}): SignalKeyStore => {
  const cache = new BoundedCache(opts.maxEntries ?? 2_000, opts.ttlMs ?? 5 * 60_000);
  const guarded: SignalKeyStore = {
    get: (type, ids) => keys.get(type, ids),
    set: async (batch) => {
      try {
        await keys.set(batch);
      } catch (err) {
        cache.flushAll();
        throw err;
      }
    },
    clear: async () => {
      await keys.clear?.();
    },
  };
  return makeCacheableSignalKeyStore(guarded, opts.logger ?? silent, cache);
};
