import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';

// No schema handed to drizzle: nothing uses its relational query builder (db.query.*), which it
// would otherwise build for every table at every transaction (1 % of the inbox's CPU).
export type Db = PostgresJsDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbClient {
  db: Db;
  /** For the few hot paths and infra pieces that need the driver itself (db/ only). */
  sql: postgres.Sql;
  close(): Promise<void>;
}

export const createDbClient = (url: string, opts: { max?: number; onStatement?: (query: string) => void } = {}): DbClient => {
  const onStatement = opts.onStatement;
  const sql = postgres(url, {
    max: opts.max ?? 10,
    ...(onStatement ? { debug: (_connection: number, query: string) => onStatement(query) } : {}),
    onnotice: () => undefined,
    // Dates stay Date objects; bigint counts come back as numbers (they stay far below 2^53).
    types: { bigint: postgres.BigInt },
    transform: { undefined: null },
  });
  return { db: drizzle(alwaysPrepare(sql)), sql, close: () => sql.end({ timeout: 5 }) };
};

/** The same URL with another user/password/database. */
export const withCredentials = (url: string, parts: { user?: string; password?: string; database?: string }): string => {
  const u = new URL(url);
  if (parts.user) u.username = parts.user;
  if (parts.password) u.password = parts.password;
  if (parts.database) u.pathname = `/${parts.database}`;
  return u.toString();
};

type Unsafe = (query: string, params?: unknown[], opts?: { prepare?: boolean }) => unknown;

/**
 * A transaction whose BEGIN is not waited for: it goes first on a connection of its own, and the
 * unit's statements follow it at once (postgres.js's own begin waits for BEGIN's answer before
 * the unit runs: one round trip of three for a read, issue 26). A BEGIN that fails fails the
 * unit; any failure rolls back before the connection goes back to the pool.
 */
const pipelinedBegin = async (pool: postgres.Sql, fn: (tx: object) => unknown): Promise<unknown> => {
  const c = await pool.reserve();
  try {
    const begun = c.unsafe('begin').execute();
    let result: unknown;
    try {
      [, result] = await Promise.all([begun, Promise.resolve(fn(alwaysPrepare(c)))]);
    } catch (err) {
      await c.unsafe('rollback').catch(() => undefined);
      throw err;
    }
    await c.unsafe('commit');
    return result;
  } finally {
    c.release();
  }
};
type Scoped = (...args: unknown[]) => unknown;

/**
 * Drizzle's postgres.js driver sends every query unprepared (two round trips and a fresh plan
 * each time). This makes postgres.js prepare them, per connection and by query text, also inside
 * transactions and savepoints. Measured on the inbox: PostgreSQL CPU per list request ÷ 3.
 * Queries whose generic plan would be poor (long IN lists) are written with arrays instead.
 */
const alwaysPrepare = <T extends object>(client: T): T =>
  new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], opts?: object) => (value as Unsafe).call(target, query, params, { ...opts, prepare: true });
      }
      if (prop === 'begin' && typeof (target as { reserve?: unknown }).reserve === 'function') {
        return (...args: unknown[]) => pipelinedBegin(target as unknown as postgres.Sql, args.pop() as (tx: object) => unknown);
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: object) => unknown;
          return (value as Scoped).call(target, ...args, (tx: object) => fn(alwaysPrepare(tx)));
        };
      }
      return typeof value === 'function' ? (value as Scoped).bind(target) : value;
    },
  });
