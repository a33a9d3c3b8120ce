import postgres from 'postgres';
import type { Tx } from './client';

/**
 * pg-boss's `db` option: run its SQL inside one of our transactions, so a job is enqueued
 * atomically with the write that causes it (an outbound message row and its send job).
 * Drizzle does not expose positional SQL, so this reaches the postgres.js transaction it wraps.
 */
export const txExecutor = (tx: Tx) => {
  const client = (tx as unknown as { session: { client: { unsafe(text: string, values: unknown[]): Promise<unknown[]> } } }).session.client;
  return {
    // pg-boss was written for node-postgres, which serialises objects and dates itself.
    executeSql: async (text: string, values: unknown[]) => ({
      rows: (await client.unsafe(text, values.map(serialise))) as unknown[] as object[],
    }),
  };
};

const serialise = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) return JSON.stringify(v);
  return v;
};

/**
 * pg-boss's own statements (polling, completing, maintenance) through a postgres.js pool instead
 * of its node-postgres one: node-postgres writes parse, bind, describe, execute and sync as five
 * socket writes per statement, postgres.js one — and every write to PostgreSQL's socket was a
 * measurable part of the ingest's CPU (issue 26). Objects and dates as `txExecutor` sends them,
 * arrays as arrays (its statements take uuid[] and text[]); `close` ends the pool after pg-boss stopped.
 */
export const poolExecutor = (url: string, opts: { max: number; applicationName: string }) => {
  // undefined is sent as null, as node-postgres does.
  const sql = postgres(url, {
    max: opts.max,
    onnotice: () => undefined,
    transform: { undefined: null },
    connection: { application_name: opts.applicationName },
    // A json parameter that is already text (pg-boss stringifies its own) goes as it is, as
    // node-postgres sends it; postgres.js would encode it again as a JSON string.
    types: { jsonText: { to: 114, from: [114, 3802], serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)), parse: (x: string) => JSON.parse(x) as unknown } },
  });
  // As pg-boss's own pool does once closed: a statement asked for after `close` (a timer of its
  // that fired while it stopped, a worker failing the job it held) answers undefined instead of
  // failing where nobody catches it. Undefined, not empty rows: pg-boss's complete/fail read
  // `rows[0].count` when rows are there and count nothing only when the result is absent.
  let closed = false;
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      if (closed) return undefined as unknown as { rows: object[] };
      // Its migrations are one text that opens and commits a transaction: postgres.js runs that
      // only on a connection of its own (a pool would refuse it as an unsafe transaction).
      const params = values.map(serialiseParam) as never[];
      if (/^\s*begin\b/i.test(text)) {
        const reserved = await sql.reserve();
        try {
          return { rows: (await reserved.unsafe(text, params)) as unknown[] as object[] };
        } finally {
          reserved.release();
        }
      }
      return { rows: (await sql.unsafe(text, params)) as unknown[] as object[] };
    },
    close: () => {
      closed = true;
      return sql.end({ timeout: 5 });
    },
  };
};

/** As `serialise`, except that an array stays an array: postgres.js writes it in PostgreSQL's array form. */
const serialiseParam = (v: unknown): unknown => (Array.isArray(v) ? v : serialise(v));
