/**
 * The socket.io adapter's NOTIFYs go out in batches, in order, none merged (decision 0487), on a
 * real PostgreSQL with a LISTEN client as the other process has.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers/build-app';
import { batchedNotifyPool } from './socket-adapter';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.ownerUrl, max: 2 });
  listener = new pg.Client({ connectionString: db.ownerUrl });
  await listener.connect();
  await listener.query('LISTEN "socket.io#/"');
  listener.on('notification', (n) => heard.push(n.payload ?? ''));
});
afterAll(async () => {
  await listener.end();
  await pool.end();
  await db.drop();
});

describe("the adapter's batched NOTIFY", () => {
  it('sends what one turn asks in one statement, in order, and two identical events as two', async () => {
    const statements: string[] = [];
    const batched = batchedNotifyPool(pool, (text, params) => {
      statements.push(text);
      return pool.query(text, params);
    });
    type Event = { uid: string; type: number; data: { packet: [string, { i: number | string }] } };
    const events = Array.from({ length: 60 }, (_, i): Event => ({ uid: 'other', type: 3, data: { packet: ['ticket', { i: i < 50 ? i : 'same' }] } }));
    await Promise.all(events.map((e) => batched.query('SELECT pg_notify($1, $2)', ['socket.io#/', JSON.stringify(e)])));
    await vi.waitFor(() => expect(heard).toHaveLength(60));
    // The first went alone; the 59 asked while it was out, together.
    expect(statements).toHaveLength(2);
    const got = heard.map((p) => JSON.parse(p) as Event & { n: number });
    expect(got.map((m) => m.data.packet[1].i)).toEqual(events.map((e) => e.data.packet[1].i));
    expect(got.every((m) => m.uid === 'other')).toBe(true);
    // Ten identical events, ten deliveries: PostgreSQL folds a repeated payload within a transaction.
    expect(new Set(got.map((m) => m.n)).size).toBe(60);
  });

  it('passes every other statement through, and a failed batch fails its callers only', async () => {
    const batched = batchedNotifyPool(pool);
    const rows = (await batched.query('select 1 as one')) as { rows: { one: number }[] };
    expect(rows.rows).toEqual([{ one: 1 }]);
    // A channel name PostgreSQL refuses (empty) fails that batch; the next one goes out.
    await expect(batched.query('SELECT pg_notify($1, $2)', ['', '{}'])).rejects.toThrow(/channel name cannot be empty/);
    heard.length = 0;
    await batched.query('SELECT pg_notify($1, $2)', ['socket.io#/', '{"after":true}']);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(JSON.parse(heard[0]!)).toMatchObject({ after: true });
  });
});
