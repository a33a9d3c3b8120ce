import pg from 'pg';
import { createAdapter } from '@socket.io/postgres-adapter';

/** The one statement the adapter publishes with (its PubSubClient.publish). */
const NOTIFY = 'SELECT pg_notify($1, $2)';
/** NOTIFYs in one statement at most: a SELECT's columns are capped at 1,664. */
const MAX_BATCH = 200;

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * The adapter's pool with its NOTIFYs batched (decision 0487): every NOTIFY asked while the
 * previous batch was out goes in the next statement, one statement at a time.
 *
 * Why: socket.io's cluster adapter awaits the publish before it delivers an event to this
 * process's own sockets, and the adapter sent one statement per event. A statement costs a turn
 * of the event loop, not database time (pg_notify alone: ~3,000 a second here); a busy process's
 * turn was ~15 ms, so its two connections published ~130 events a second, and at 100 customer
 * messages a second every event waited seconds in the pool's queue, even for this process's sockets.
 * One statement at a time also keeps a process's events in the order they were emitted, which two
 * statements on two connections did not.
 *
 * PostgreSQL delivers a (channel, payload) pair once per transaction, so two identical events
 * in one batch would reach the other processes as one: each payload gets a sequence number first.
 */
export const batchedNotifyPool = (pool: pg.Pool, query: Query = (text, params) => pool.query(text, params)): pg.Pool => {
  let queue: { channel: string; payload: string; done: () => void; fail: (e: unknown) => void }[] = [];
  let sending = false;
  let seq = 0;
  const drain = async () => {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      const sql = `SELECT ${batch.map((_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`).join(', ')}`;
      try {
        await query(sql, batch.flatMap((n) => [n.channel, n.payload]));
        for (const n of batch) n.done();
      } catch (e) {
        for (const n of batch) n.fail(e);
      }
    }
    sending = false;
  };
  const notify = (text: string, params?: unknown[]) => {
    if (text !== NOTIFY || !Array.isArray(params)) return query(text, params);
    const [channel, payload] = params as [string, string];
    seq += 1;
    // The adapter's payload is a JSON object: one more key, which its reader ignores.
    const unique = payload.startsWith('{') ? `{"n":${seq},${payload.slice(1)}` : payload;
    return new Promise<void>((done, fail) => {
      queue.push({ channel, payload: unique, done, fail });
      if (!sending) void drain();
    });
  };
  // What the adapter uses of a pool: query, and connect for its LISTEN client.
  return { query: notify, connect: () => pool.connect() } as unknown as pg.Pool;
};

/**
 * socket.io's PostgreSQL adapter (LISTEN/NOTIFY) so several server processes share events.
 * It keeps its own small pool, on the owner role: it creates its attachments table.
 */
export const createPgAdapter = async (ownerUrl: string) => {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 3 });
  await pool.query(
    'create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)',
  );
  return { adapter: createAdapter(batchedNotifyPool(pool), { tableName: 'socket_io_attachments', heartbeatInterval: 5_000 }), close: () => pool.end() };
};
