import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import * as schema from './schema';

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbClient {
  db: Db;
  /** For the few hot paths and infra pieces that need the driver itself (db/ only). */
  sql: postgres.Sql;
  close(): Promise<void>;
}

export const createDbClient = (url: string, opts: { max?: number } = {}): DbClient => {
  const sql = postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => undefined,
    // Dates stay Date objects; bigint counts come back as numbers (they stay far below 2^53).
    types: { bigint: postgres.BigInt },
    transform: { undefined: null },
  });
  return { db: drizzle(sql, { schema }), sql, close: () => sql.end({ timeout: 5 }) };
};

/** The same URL with another user/password/database. */
export const withCredentials = (url: string, parts: { user?: string; password?: string; database?: string }): string => {
  const u = new URL(url);
  if (parts.user) u.username = parts.user;
  if (parts.password) u.password = parts.password;
  if (parts.database) u.pathname = `/${parts.database}`;
  return u.toString();
};
