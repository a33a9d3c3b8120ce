/**
 * The kept ticket counts (decision 0322): whatever writes tickets — the ingest function, the
 * routes, a bulk statement, concurrent transactions, a company's deletion — the sums of
 * `ticket_counts` equal counting the tickets; the fold keeps the sums and leaves one row per
 * company and status; the minute cron is declared and worked; and an unfiltered list's count is
 * the kept one, while a filtered list still counts its tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_PAGE_SIZE, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import { Jobs } from '../../infra/jobs';
import { TICKET_COUNTS_CRON } from '.';
import { foldCounts } from './tickets.repository';

let app: TestApp;
let jobs: Jobs;
let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  jobs = await Jobs.start(app.ownerUrl);
  [a, b] = [await createCompany(app), await createCompany(app)];
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

type Counts = Record<string, number>;
const key = (companyId: number, status: string) => `${companyId}:${status}`;
/** Counting the tickets, per company and status. */
const counted = async (): Promise<Counts> =>
  Object.fromEntries((await app.owner<{ c: number; s: string; n: number }[]>`select company_id as c, status as s, count(*)::int as n from tickets group by 1, 2`).map((r) => [key(r.c, r.s), r.n]));
/** The kept counts' sums, per company and status (sums of zero left out, as a count leaves out what is not there). */
const kept = async (): Promise<Counts> =>
  Object.fromEntries(
    (await app.owner<{ c: number; s: string; n: number }[]>`select company_id as c, status as s, sum(n)::int as n from ticket_counts group by 1, 2 having sum(n) <> 0`).map((r) => [key(r.c, r.s), r.n]),
  );
const fold = () => app.data.withSystem('tickets:counts', ({ tx }) => foldCounts(tx));

describe('kept ticket counts', { timeout: 90_000 }, () => {
  it('follow tickets created by messages, accepted, closed, given back, opened again by a message and deleted through the API', async () => {
    for (let i = 0; i < 6; i++) expect((await a.inbound(`55119900${String(i).padStart(5, '0')}`, `oi ${i}`)).status).toBe(202);
    expect((await b.inbound('5511988000001', 'olá')).status).toBe(202);
    await expect.poll(async () => (await b.pendingTickets()).length).toBe(1);
    await expect.poll(async () => (await a.pendingTickets()).length).toBe(6);
    const pending = await a.pendingTickets();
    const admin = api(app, a.adminToken);
    const put = async (t: TicketDto, body: object) => {
      const r = await admin.put(`/tickets/${t.id}`, body);
      expect(r.status, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(200);
    };
    for (const t of pending.slice(0, 4)) await put(t, { status: 'open', userId: a.admin.id });
    await put(pending[0]!, { status: 'closed' });
    await put(pending[1]!, { status: 'closed' });
    // Back to the queue, and a closed one reopened as a person would (a new message).
    await put(pending[2]!, { status: 'pending', userId: null });
    expect((await a.inbound(pending[0]!.contact.number, 'voltei')).status).toBe(202);
    expect((await admin.del(`/tickets/${pending[5]!.id}`)).status).toBe(200);

    await expect.poll(async () => (await a.pendingTickets()).length).toBe(3);
    const want = await counted();
    expect(want[key(a.companyId, 'open')]).toBe(1);
    expect(want[key(a.companyId, 'closed')]).toBe(2);
    expect(want[key(a.companyId, 'pending')]).toBe(3);
    expect(await kept()).toEqual(want);
  });

  it('follow bulk statements and concurrent transactions', async () => {
    // 300 tickets in one statement (each its own contact: one live episode per contact), then mixed changes.
    const contacts = (
      await app.owner<{ id: number }[]>`insert into contacts (company_id, name, number)
        select ${a.companyId}, 'Lote ' || i, '5511977' || lpad(i::text, 6, '0') from generate_series(1, 300) as i returning id`
    ).map((r) => r.id);
    const ids = (
      await app.owner<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, status)
        select ${a.companyId}, c, ${a.whatsapp.id}, 'pending' from unnest(${contacts}::int[]) as c returning id`
    ).map((r) => r.id);
    await app.owner`update tickets set status = case when id % 3 = 0 then 'closed' else 'open' end, unread_messages = 1 where id = any(${ids})`;
    // Twenty transactions at once, each moving its own slice back and forth and deleting one.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.owner.begin(async (tx) => {
          const mine = ids.filter((_, j) => j % 20 === i);
          await tx`update tickets set status = 'pending' where id = any(${mine})`;
          await tx`update tickets set status = 'closed' where id = any(${mine.slice(0, 5)})`;
          await tx`delete from tickets where id = ${mine[6]!}`;
        }),
      ),
    );
    // A transaction that rolls back leaves no delta behind.
    await expect(
      app.owner.begin(async (tx) => {
        await tx`update tickets set status = 'pending' where id = any(${ids})`;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const want = await counted();
    expect(want[key(a.companyId, 'pending')]).toBeGreaterThan(150);
    expect(await kept()).toEqual(want);
  });

  it('the fold keeps the sums, leaves one row per company and status, and drops sums of zero', async () => {
    await app.owner`insert into ticket_counts (company_id, status, n) values (${b.companyId}, 'bogus', 2), (${b.companyId}, 'bogus', -2)`;
    const before = await kept();
    expect((await app.owner`select 1 from ticket_counts group by company_id, status having count(*) > 1`).length).toBeGreaterThan(0);
    expect(await fold()).toBeGreaterThan(0);
    expect(await kept()).toEqual(before);
    expect(await app.owner`select company_id, status from ticket_counts group by 1, 2 having count(*) > 1`).toHaveLength(0);
    expect(await app.owner`select 1 from ticket_counts where status = 'bogus' or n = 0`).toHaveLength(0);
    expect(await kept()).toEqual(await counted());
    // Nothing left to fold: nothing is rewritten.
    expect(await fold()).toBe(0);
  });

  it("an unfiltered list's count is the kept one; a filtered list counts its tickets", async () => {
    const admin = api(app, a.adminToken);
    const count = async (query: string) => (await admin.get<{ count: number }>(`/tickets?${query}`)).body.count;
    // More than a page: a short page is counted by its rows, whatever the kept count says.
    await app.owner`update tickets set status = 'open' where company_id = ${a.companyId} and status = 'pending'`;
    const open = (await counted())[key(a.companyId, 'open')]!;
    expect(open).toBeGreaterThan(TICKET_PAGE_SIZE);
    expect(await count('status=open&showAll=true')).toBe(open);
    // Shown by a count that is off on purpose (and put back after).
    await app.owner`insert into ticket_counts (company_id, status, n) values (${a.companyId}, 'open', 1000)`;
    try {
      expect(await count('status=open&showAll=true')).toBe(open + 1000);
      expect(await count('status=open&showAll=true&withUnreadMessages=true')).toBeLessThanOrEqual(open);
      expect(await count('status=open&showAll=false')).toBeLessThanOrEqual(open);
      // Another company never reads this company's counts.
      expect((await api(app, b.adminToken).get<{ count: number }>('/tickets?status=open&showAll=true')).body.count).toBe((await counted())[key(b.companyId, 'open')] ?? 0);
    } finally {
      await app.owner`insert into ticket_counts (company_id, status, n) values (${a.companyId}, 'open', -1000)`;
    }
    expect(await kept()).toEqual(await counted());
  });

  it("go with a deleted company", async () => {
    const c = await createCompany(app);
    expect((await c.inbound('5511966000001', 'oi')).status).toBe(202);
    await expect.poll(async () => (await kept())[key(c.companyId, 'pending')]).toBe(1);
    const su = await login(app, SUPER_EMAIL, SUPER_PASSWORD);
    expect((await api(app, su.token).del(`/companies/${c.companyId}`)).status).toBe(200);
    expect(await app.owner`select 1 from companies where id = ${c.companyId}`).toHaveLength(0);
    expect(await app.owner`select 1 from ticket_counts where company_id = ${c.companyId}`).toHaveLength(0);
    expect(await kept()).toEqual(await counted());
  });

  it('are folded every minute by one stately cron job, worked by the server', async () => {
    const [schedule] = await app.owner<{ cron: string }[]>`select cron from pgboss.schedule where name = 'tickets.counts'`;
    expect(schedule?.cron).toBe(TICKET_COUNTS_CRON);
    expect(TICKET_COUNTS_CRON).toBe('* * * * *');
    const [queue] = await app.owner<{ policy: string }[]>`select policy from pgboss.queue where name = 'tickets.counts'`;
    expect(queue?.policy).toBe('stately');
    await app.owner`insert into ticket_counts (company_id, status, n) values (${b.companyId}, 'open', 1), (${b.companyId}, 'open', -1)`;
    await jobs.enqueueNow('tickets.counts', {});
    await expect.poll(async () => (await app.owner`select 1 from ticket_counts group by company_id, status having count(*) > 1`).length, { timeout: 20_000 }).toBe(0);
    expect(await kept()).toEqual(await counted());
  });
});
