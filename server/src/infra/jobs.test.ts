import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers/build-app';
import { createDbClient } from '../db/client';
import { poolExecutor } from '../db/raw';
import { Jobs, orderedJobId, type ConnectionJob } from './jobs';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let jobs: Jobs;
beforeAll(async () => {
  db = await createTestDatabase();
  jobs = await Jobs.start(db.ownerUrl);
});
afterAll(async () => {
  await jobs?.stop();
  await db?.drop();
});

describe('connection queues', () => {
  it('start for many connections at once (boot) without deadlocking, and each gets its own jobs', async () => {
    const seen = new Map<number, ConnectionJob[]>();
    const ids = Array.from({ length: 40 }, (_, i) => 1_000 + i);
    // All at once, as a process does when every connection goes live at boot.
    await Promise.all(ids.map((id) => jobs.workConnection(id, async (job) => void seen.set(id, [...(seen.get(id) ?? []), job]))));
    await Promise.all(ids.slice(0, 5).map((id) => jobs.forward('message.send', id, { companyId: 1, messageId: id })));
    await vi.waitFor(() => expect([...seen.keys()].sort()).toEqual(ids.slice(0, 5)), { timeout: 15_000, interval: 50 });
    for (const id of ids.slice(0, 5)) expect(seen.get(id)).toEqual([{ name: 'message.send', data: { companyId: 1, messageId: id } }]);
  });
});

describe('order', () => {
  it('jobs enqueued in one transaction are worked in the order they were enqueued (they share created_on)', async () => {
    const client = createDbClient(db.ownerUrl, { max: 1 });
    try {
      const seen: number[] = [];
      await client.db.transaction(async (tx) => {
        for (let i = 1; i <= 30; i++) await jobs.enqueue(tx, 'contact.import', { companyId: i, whatsappId: 0 });
      });
      await jobs.work('contact.import', async (data) => void seen.push(data.companyId));
      jobs.notify('contact.import');
      await vi.waitFor(() => expect(seen).toHaveLength(30), { timeout: 15_000, interval: 50 });
      expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    } finally {
      await client.close();
    }
  });

  it('orderedJobId: valid UUIDs, strictly increasing even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => orderedJobId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a name with several workers (decision 0362)', () => {
  it('one poll finds a job sent by another process, and a burst spreads over every worker at once', async () => {
    const other = await Jobs.start(db.ownerUrl);
    const running = new Set<number>();
    const startedAt: number[] = [];
    const done: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    try {
      await jobs.work(
        'webhook.deliver',
        async (data) => {
          running.add(data.companyId);
          startedAt.push(Date.now());
          await gate;
          running.delete(data.companyId);
          done.push(data.companyId);
        },
        { workers: 3 },
      );
      // Sent from the other process: nothing here is notified, so only this name's poll can find them.
      // In one transaction, so they appear together: sent one by one, a poll could fall between two
      // sends, find one job, and leave the next to the poll after it (a CI run saw 1,991 ms).
      const client = createDbClient(db.ownerUrl, { max: 1 });
      try {
        await client.db.transaction((tx) => other.enqueueMany(tx, 'webhook.deliver', [{ companyId: 1 }, { companyId: 2 }, { companyId: 3 }]));
      } finally {
        await client.close();
      }
      // Three at once: each worker that takes a job wakes the next (their own polls are a minute apart).
      await vi.waitFor(() => expect([...running].sort()).toEqual([1, 2, 3]), { timeout: 8_000, interval: 20 });
      // Not one per 2-s poll: the burst is taken together.
      expect(startedAt[2]! - startedAt[0]!).toBeLessThan(1_000);
      release();
      await vi.waitFor(() => expect(done.sort()).toEqual([1, 2, 3]), { timeout: 8_000, interval: 20 });
    } finally {
      release();
      await other.stop();
    }
  });
});

describe("pg-boss's executor", () => {
  it('answers rows while open; once closed it answers undefined, as pg-boss\'s own pool does, so a late complete/fail counts nothing instead of throwing', async () => {
    const executor = poolExecutor(db.ownerUrl, { max: 1, applicationName: 'jobs-test' });
    expect((await executor.executeSql('select $1::int + 1 as n', [1]))?.rows).toEqual([{ n: 2 }]);
    await executor.close();
    const late = await executor.executeSql('select 1 as count', []);
    // pg-boss's Manager.fail reads `result && result.rows ? rows[0].count : 0` (manager.js):
    // empty rows would throw there, unhandled.
    expect(late).toBeUndefined();
  });
});
