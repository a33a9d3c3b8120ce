/**
 * The service-quality report (issue 30 §5; decision 0397): first-response and resolution median
 * and p90, SLA kept and CSAT, for the company, per agent and per queue, over company days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let c: TestCompany;
let queue: number;
let bruno: { id: number; token: string };
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  c = await createCompany(app);
  await app.owner`update companies set timezone = 'UTC' where id = ${c.companyId}`;
  queue = (await c.addQueue('Suporte')).id;
  const u = await c.addUser({ queueIds: [queue] });
  bruno = { id: u.user.id, token: u.token };
});
afterAll(() => app.close());

const at = (minutes: number) => new Date(Date.parse('2026-03-10T12:00:00Z') + minutes * 60_000).toISOString();
const breached = { firstResponse: { breachedAt: at(1) }, resolution: null, nextResponse: null, nextResponseBreaches: 0, awaitingReply: false };
const kept = { firstResponse: { breachedAt: null }, resolution: { breachedAt: null }, nextResponse: null, nextResponseBreaches: 0, awaitingReply: false };

/** A closed ticket: started at 12:00, the first person's reply after `reply` minutes (none: null), closed after `closed`. */
const closed = async (f: { userId: number; queueId: number | null; reply: number | null; closed: number; sla?: object; score?: number; day?: string }): Promise<number> => {
  const admin = api(app, c.adminToken);
  const contact = await admin.post<{ id: number }>('/contacts', { name: `Cliente Qualidade ${++seq}`, number: `55119${String(70000000 + seq).padStart(8, '0')}` });
  const t = await admin.post<{ id: number }>('/tickets', { contactId: contact.body.id, status: 'open' });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  const shift = (iso: string) => (f.day ? iso.replace('2026-03-10', f.day) : iso);
  await app.owner`update tickets set status = 'closed', user_id = ${f.userId}, queue_id = ${f.queueId}, created_at = ${shift(at(0))}, closed_at = ${shift(at(f.closed))}, sla = ${f.sla ? app.owner.json(f.sla as never) : null} where id = ${t.body.id}`;
  await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, automated, created_at)
    values (${c.companyId}, ${t.body.id}, ${contact.body.id}, ${c.whatsapp.id}, ${`q${seq}a`}, 'Olá', false, false, ${shift(at(0))}),
           (${c.companyId}, ${t.body.id}, ${contact.body.id}, ${c.whatsapp.id}, ${`q${seq}b`}, 'Menu', true, true, ${shift(at(0.5))})`;
  if (f.reply !== null) {
    await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, automated, created_at)
      values (${c.companyId}, ${t.body.id}, ${contact.body.id}, ${c.whatsapp.id}, ${`q${seq}c`}, 'Oi!', true, false, ${shift(at(f.reply))})`;
  }
  if (f.score) {
    await app.owner`insert into csat_ratings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, asked_at, score, rated_at)
      values (${c.companyId}, ${t.body.id}, ${contact.body.id}, ${c.whatsapp.id}, ${f.userId}, ${f.queueId}, ${shift(at(f.closed))}, ${f.score}, ${shift(at(f.closed + 1))})`;
  }
  return t.body.id;
};

describe('service quality (issue 30 §5)', () => {
  beforeAll(async () => {
    await closed({ userId: c.admin.id, queueId: queue, reply: 2, closed: 60, sla: kept, score: 5 });
    await closed({ userId: c.admin.id, queueId: queue, reply: 4, closed: 120, sla: breached });
    await closed({ userId: bruno.id, queueId: null, reply: 10, closed: 30, score: 2 });
    // No person ever answered: a resolution, no first response (the bot's menu does not count).
    await closed({ userId: bruno.id, queueId: null, reply: null, closed: 10 });
    // Outside the period.
    await closed({ userId: bruno.id, queueId: null, reply: 1, closed: 5, score: 1, day: '2026-02-01' });
  });

  it('gives the median and p90 of first response and resolution, SLA kept and CSAT, overall, per agent and per queue', async () => {
    const r = await api(app, c.adminToken).get<QualityResponse>('/dashboard/quality?date_from=2026-03-01&date_to=2026-03-31');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The company has no business hours: every minute counts.
    expect(r.body.period).toEqual({ from: '2026-03-01', to: '2026-03-31', timezone: 'UTC', minutes: 'wall' });
    // First replies 2, 4, 10 min; resolutions 10, 30, 60, 120 min (percentile_cont interpolates).
    expect(r.body.overall).toEqual({
      tickets: 4,
      firstResponse: { median: 4, p90: 8.8 },
      resolution: { median: 45, p90: 102 },
      slaTickets: 2,
      slaMetPct: 50,
      csat: { count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] },
    });
    // Most tickets first, then by name.
    expect(r.body.byAgent).toEqual([
      { userId: c.admin.id, name: 'Admin', tickets: 2, firstResponse: { median: 3, p90: 3.8 }, resolution: { median: 90, p90: 114 }, slaTickets: 2, slaMetPct: 50, csat: { count: 1, average: 5, distribution: [0, 0, 0, 0, 1] } },
      { userId: bruno.id, name: 'Agente', tickets: 2, firstResponse: { median: 10, p90: 10 }, resolution: { median: 20, p90: 28 }, slaTickets: 0, slaMetPct: null, csat: { count: 1, average: 2, distribution: [0, 1, 0, 0, 0] } },
    ]);
    expect(r.body.byQueue.map((q) => [q.queueId, q.name, q.tickets, q.csat.count])).toEqual([
      [null, '', 2, 1],
      [queue, 'Suporte', 2, 1],
    ]);
  });

  it('narrows to one agent or one queue, and to the period asked', async () => {
    const admin = api(app, c.adminToken);
    const one = await admin.get<QualityResponse>(`/dashboard/quality?date_from=2026-03-01&date_to=2026-03-31&userId=${bruno.id}`);
    expect(one.body.overall).toMatchObject({ tickets: 2, csat: { count: 1 } });
    const q = await admin.get<QualityResponse>(`/dashboard/quality?date_from=2026-03-01&date_to=2026-03-31&queueId=${queue}`);
    expect(q.body.overall).toMatchObject({ tickets: 2, slaMetPct: 50, csat: { count: 1, average: 5 } });
    const feb = await admin.get<QualityResponse>('/dashboard/quality?date_from=2026-02-01&date_to=2026-02-28');
    expect(feb.body.overall).toMatchObject({ tickets: 1, firstResponse: { median: 1, p90: 1 }, csat: { count: 1, average: 1 } });
    const none = await admin.get<QualityResponse>('/dashboard/quality?date_from=2025-01-01&date_to=2025-01-31');
    expect(none.body).toMatchObject({ overall: { tickets: 0, firstResponse: { median: null, p90: null }, slaMetPct: null, csat: { count: 0, average: null } }, byAgent: [], byQueue: [] });
  });

  it('is for admins and supervisors only', async () => {
    expect((await api(app, bruno.token).get('/dashboard/quality')).status).toBe(403);
  });
});

describe('in business minutes where the company has business hours (decision 0433)', () => {
  beforeAll(async () => {
    // Weekdays 12:00–12:30 and 13:00–18:00 (UTC, the company's zone): the SLA clocks' calendar.
    const periods = [1, 2, 3, 4, 5].flatMap((weekday) => [{ weekday, start: '12:00', end: '12:30' }, { weekday, start: '13:00', end: '18:00' }]);
    expect((await api(app, c.adminToken).put('/sla', { hours: { periods, holidays: [] } })).status).toBe(200);
  });

  it('counts only the open periods: the lunch hour between is not resolution time', async () => {
    const r = await api(app, c.adminToken).get<QualityResponse>('/dashboard/quality?date_from=2026-03-01&date_to=2026-03-31');
    expect(r.body.period.minutes).toBe('business');
    // Replies at 2, 4 and 10 min are inside the first period; closes after 10, 30, 60 and 120 wall
    // minutes are 10, 30, 30 and 90 business minutes (12:30–13:00 is closed).
    expect(r.body.overall).toEqual({
      tickets: 4,
      firstResponse: { median: 4, p90: 8.8 },
      resolution: { median: 30, p90: 72 },
      slaTickets: 2,
      slaMetPct: 50,
      csat: { count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] },
    });
    expect(r.body.byAgent).toEqual([
      { userId: c.admin.id, name: 'Admin', tickets: 2, firstResponse: { median: 3, p90: 3.8 }, resolution: { median: 60, p90: 84 }, slaTickets: 2, slaMetPct: 50, csat: { count: 1, average: 5, distribution: [0, 0, 0, 0, 1] } },
      { userId: bruno.id, name: 'Agente', tickets: 2, firstResponse: { median: 10, p90: 10 }, resolution: { median: 20, p90: 28 }, slaTickets: 0, slaMetPct: null, csat: { count: 1, average: 2, distribution: [0, 1, 0, 0, 0] } },
    ]);
    expect(r.body.byQueue.map((q) => [q.queueId, q.name, q.tickets, q.resolution.median])).toEqual([
      [null, '', 2, 20],
      [queue, 'Suporte', 2, 60],
    ]);
    // Narrowed to a queue, as in wall minutes.
    const q = await api(app, c.adminToken).get<QualityResponse>(`/dashboard/quality?date_from=2026-03-01&date_to=2026-03-31&queueId=${queue}`);
    expect(q.body.overall).toMatchObject({ tickets: 2, resolution: { median: 60, p90: 84 }, slaMetPct: 50, csat: { count: 1, average: 5 } });
  });

  it('a holiday counts nothing', async () => {
    const periods = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '12:00', end: '18:00' }));
    expect((await api(app, c.adminToken).put('/sla', { hours: { periods, holidays: ['2026-03-10'] } })).status).toBe(200);
    const r = await api(app, c.adminToken).get<QualityResponse>('/dashboard/quality?date_from=2026-03-01&date_to=2026-03-31');
    expect(r.body.overall).toMatchObject({ tickets: 4, firstResponse: { median: 0, p90: 0 }, resolution: { median: 0, p90: 0 } });
  });
});
