/**
 * Issue 30's concurrency acceptance (decision 0381): 1,000 waiting tickets, 20 online agents and
 * two server processes (this one and a child OS process, each with its own pool, on one database)
 * claiming at once — every ticket assigned exactly once, the balanced spread within one, no
 * capacity exceeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueDto, UserDto } from '@balcao/shared';
import { createAssignmentService } from '../../src/modules/assignment';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { spawnChild, type TestChild } from '../helpers/child';
import { api, createCompany, type TestCompany } from '../helpers/world';

const TICKETS = 1000;
const AGENTS = 20;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: TestApp;
let two: TestChild;
let c: TestCompany;

beforeAll(async () => {
  db = await createTestDatabase();
  two = spawnChild('assignment-claim-process', { OWNER_URL: db.ownerUrl, APP_URL: db.appUrl });
  const ready = two.next('READY');
  one = await createTestApp({ db });
  await ready;
  await one.owner`update plans set users = 1000`;
  c = await createCompany(one);
}, 90_000);
afterAll(async () => {
  // Closing its stdin lets the child leave the database cleanly before it is dropped.
  if (two && two.proc.exitCode === null && two.proc.signalCode === null) {
    const exited = new Promise((r) => two.proc.once('exit', r));
    two.proc.stdin.end();
    await exited;
  }
  await one.close();
  await db.drop();
});

describe('assignment across processes', () => {
  it('assigns 1,000 waiting tickets among 20 agents exactly once each, balanced within one, within capacity', async () => {
    const admin = api(one, c.adminToken);
    // The queue assigns nothing while the backlog is made.
    const q = (await admin.post<QueueDto>('/queue', { name: 'Corrida', color: '#123456', agentCapacity: 60 })).body;
    const agents: UserDto[] = [];
    for (let i = 0; i < AGENTS; i++) agents.push((await admin.post<UserDto>('/users', { name: `Agente ${i}`, email: `corrida${i}.${Date.now()}@example.com`, password: 'Secret123', queueIds: [q.id] })).body);
    // Two agents with a capacity of their own, below the queue's.
    const small = agents.slice(0, 2).map((a) => a.id);
    await one.owner`update users set online = true where id = any(${agents.map((a) => a.id)})`;
    await one.owner`update users set max_tickets = 10 where id = any(${small})`;
    await one.owner`
      with cs as (
        insert into contacts (company_id, name, number)
        select ${c.companyId}, 'Cliente ' || g, '55119' || lpad(g::text, 8, '0') from generate_series(1, ${TICKETS}) g returning id)
      insert into tickets (company_id, contact_id, whatsapp_id, queue_id, status, queued_at)
      select ${c.companyId}, cs.id, ${c.whatsapp.id}, ${q.id}, 'pending', now() - make_interval(secs => cs.id) from cs`;

    // Balanced from now on; both OS processes claim at once, twice each: the child is told over its
    // stdin and this process starts its own claims without waiting for the child's answer.
    await one.owner`update queues set assignment = 'balanced' where id = ${q.id}`;
    const svc = createAssignmentService({ data: one.data, jobs: one.jobs, clock: { now: () => new Date() } });
    const flowed = two.next('FLOWED');
    two.proc.stdin.write(`flow ${c.companyId}\n`);
    const here = await Promise.all([svc.flow(c.companyId), svc.flow(c.companyId)]);
    const there = Number((await flowed).slice('FLOWED '.length));
    await one.bus.idle();
    expect(here[0]! + here[1]! + there).toBe(TICKETS);

    const rows = await one.owner<{ status: string; user_id: number | null; n: number }[]>`
      select status, user_id, count(*)::int as n from tickets where company_id = ${c.companyId} group by 1, 2`;
    expect(rows.filter((r) => r.status !== 'open' || r.user_id === null)).toEqual([]);
    const per = new Map(rows.map((r) => [r.user_id!, r.n]));
    expect(small.map((id) => per.get(id))).toEqual([10, 10]);
    const others = agents.filter((a) => !small.includes(a.id)).map((a) => per.get(a.id) ?? 0);
    expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
    expect(Math.max(...others)).toBeLessThanOrEqual(60);
    expect([...per.values()].reduce((s, n) => s + n)).toBe(TICKETS);
    // Exactly one assignment on each ticket's timeline.
    const [events] = await one.owner<{ tickets: number; rows: number }[]>`
      select count(distinct ticket_id)::int as tickets, count(*)::int as rows from ticket_events where company_id = ${c.companyId} and kind = 'auto-assigned'`;
    expect(events).toEqual({ tickets: TICKETS, rows: TICKETS });
  }, 120_000);
});
