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
