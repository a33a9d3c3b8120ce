import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers/build-app';
import { Jobs, type ConnectionJob } from './jobs';

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
