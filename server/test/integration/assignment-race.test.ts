/**
 * Issue 30's concurrency acceptance (decision 0381): 1,000 waiting tickets, 20 online agents and
 * two server processes (two apps on one database) claiming at once — every ticket assigned
 * exactly once, the balanced spread within one, no capacity exceeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueDto, UserDto } from '@balcao/shared';
import { createAssignmentService } from '../../src/modules/assignment';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

const TICKETS = 1000;
const AGENTS = 20;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: TestApp;
let two: TestApp;
let c: TestCompany;

beforeAll(async () => {
  db = await createTestDatabase();
  [one, two] = await Promise.all([createTestApp({ db }), createTestApp({ db })]);
  await one.owner`update plans set users = 1000`;
  c = await createCompany(one);
}, 60_000);
afterAll(async () => {
  await one.close();
  await two.close();
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

    // Balanced from now on; both processes claim at once, twice each, while process one also hears the change.
    await one.owner`update queues set assignment = 'balanced' where id = ${q.id}`;
    const svc = [one, two].map((app) => createAssignmentService({ data: app.data, jobs: app.jobs, clock: { now: () => new Date() } }));
    const flows = await Promise.all([svc[0]!.flow(c.companyId), svc[1]!.flow(c.companyId), svc[1]!.flow(c.companyId), svc[0]!.flow(c.companyId)]);
    await Promise.all([one.bus.idle(), two.bus.idle()]);
    expect(flows.reduce((s, n) => s + n)).toBe(TICKETS);

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
