/**
 * The dashboard (attendance.md §2 Dashboard, §3 counters, §7 calls; server-behaviour §1 timezone;
 * decisions 0140–0143): counters and attendants of a period, the two charts, the reports list and
 * the first-run checklist, computed from ticket timestamps in the company's timezone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse, OnboardingResponse, TicketReportsResponse, TicketsDayResponse, TicketsUsersResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';

let app: TestApp;
let a: TestCompany;
let agent: { id: number; token: string };
let sup: { id: number; token: string };
let queue: number;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  queue = (await a.addQueue()).id;
  const u = await a.addUser({ queueIds: [queue] });
  agent = { id: u.user.id, token: u.token };
  const s = await a.addUser({ profile: 'supervisor', queueIds: [queue] });
  sup = { id: s.user.id, token: s.token };
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);

interface Facts {
  status: 'open' | 'pending' | 'closed';
  userId?: number | null;
  created: string;
  queued?: string | null;
  accepted?: string | null;
  closed?: string | null;
  rating?: number | null;
  company?: TestCompany;
}

/** A ticket with exactly these timestamps (written by the owner: the API stamps "now"). */
const ticket = async (f: Facts): Promise<number> => {
  const c = f.company ?? a;
  const number = `55119${String(60000000 + ++seq).padStart(8, '0')}`;
  const contact = await api(app, c.adminToken).post<{ id: number }>('/contacts', { name: `Cliente Painel ${seq}`, number });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  const t = await api(app, c.adminToken).post<{ id: number }>('/tickets', { contactId: contact.body.id, status: 'open' });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  await app.owner`
    update tickets set status = ${f.status}, user_id = ${f.userId === undefined ? c.admin.id : f.userId}, queue_id = ${c === a ? queue : null},
      created_at = ${f.created}, queued_at = ${f.queued ?? null}, accepted_at = ${f.accepted ?? null}, closed_at = ${f.closed ?? null}, rating = ${f.rating ?? null}
    where id = ${t.body.id}`;
  return t.body.id;
};

const setTimezone = (tz: string, c: TestCompany = a) => app.owner`update companies set timezone = ${tz} where id = ${c.companyId}`;

describe('timezone: days and hours are the company’s', () => {
  let b: TestCompany;
  beforeAll(async () => {
    b = await createCompany(app);
    // 2026-03-10 02:30 UTC is 23:30 on the 9th in São Paulo (UTC−3); 12:00 UTC is 09:00 there.
    await ticket({ company: b, status: 'closed', created: '2026-03-10T02:30:00Z', accepted: '2026-03-10T02:40:00Z', closed: '2026-03-10T02:55:00Z' });
    await ticket({ company: b, status: 'closed', created: '2026-03-10T12:00:00Z', accepted: '2026-03-10T12:05:00Z', closed: '2026-03-10T12:15:00Z' });
  });

  it('counts a ticket of 23:30 in São Paulo on that day there, and on the next day in UTC', async () => {
    await setTimezone('America/Sao_Paulo', b);
    const sp = await api(app, b.adminToken).get<TicketsDayResponse>('/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-10&companyId=999');
    expect(sp.status, JSON.stringify(sp.body)).toBe(200);
    expect(sp.body).toEqual({ data: [{ data: '09/03/2026', total: 1 }, { data: '10/03/2026', total: 1 }], count: 2 });
    await setTimezone('UTC', b);
    const utc = await api(app, b.adminToken).get<TicketsDayResponse>('/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-10');
    expect(utc.body).toEqual({ data: [{ data: '09/03/2026', total: 0 }, { data: '10/03/2026', total: 2 }], count: 2 });
  });

  it('answers a single day by hour (24 of them, in order)', async () => {
    await setTimezone('America/Sao_Paulo', b);
    const day = await api(app, b.adminToken).get<TicketsDayResponse>('/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-09');
    expect(day.body.data).toHaveLength(24);
    expect(day.body.data[23]).toEqual({ horario: '23', total: 1 });
    expect(day.body.count).toBe(1);
    await setTimezone('UTC', b);
    const utc = await api(app, b.adminToken).get<TicketsDayResponse>('/dashboard/ticketsDay?initialDate=2026-03-10&finalDate=2026-03-10');
    expect(utc.body.data.filter((h) => h.total > 0)).toEqual([{ horario: '02', total: 1 }, { horario: '12', total: 1 }]);
  });

  it('puts the period’s edges at the company’s midnight: finished on the 9th is one in São Paulo, none in UTC', async () => {
    await setTimezone('America/Sao_Paulo', b);
    const sp = await api(app, b.adminToken).get<DashboardResponse>('/dashboard?date_from=2026-03-09&date_to=2026-03-09');
    expect(sp.body.counters.supportFinished).toBe(1);
    expect(sp.body.period).toEqual({ from: '2026-03-09', to: '2026-03-09', timezone: 'America/Sao_Paulo' });
    await setTimezone('UTC', b);
    const utc = await api(app, b.adminToken).get<DashboardResponse>('/dashboard?date_from=2026-03-09&date_to=2026-03-09');
    expect(utc.body.counters.supportFinished).toBe(0);
    await setTimezone('America/Sao_Paulo', b);
  });
});

describe('GET /dashboard', () => {
  beforeAll(async () => {
    // In March 2026: the agent closed two (30 and 90 minutes of service, rated 3 and 2), the admin
    // one unrated; one waits, one is being served; an agent-opened ticket waited nothing.
    await ticket({ status: 'closed', userId: agent.id, created: '2026-03-02T12:00:00Z', accepted: '2026-03-02T12:10:00Z', closed: '2026-03-02T12:40:00Z', rating: 3 });
    await ticket({ status: 'closed', userId: agent.id, created: '2026-03-03T12:00:00Z', queued: '2026-03-03T12:30:00Z', accepted: '2026-03-03T12:50:00Z', closed: '2026-03-03T14:20:00Z', rating: 2 });
    await ticket({ status: 'closed', created: '2026-03-04T12:00:00Z', queued: '2026-03-04T12:00:00Z', accepted: '2026-03-04T12:00:00Z', closed: '2026-03-04T12:20:00Z' });
    await ticket({ status: 'pending', userId: null, created: '2026-03-05T12:00:00Z' });
    await ticket({ status: 'open', userId: agent.id, created: '2026-03-05T13:00:00Z', accepted: '2026-03-05T13:30:00Z' });
    // Outside the period: closed in February.
    await ticket({ status: 'closed', userId: agent.id, created: '2026-02-10T12:00:00Z', accepted: '2026-02-10T12:00:01Z', closed: '2026-02-10T20:00:00Z', rating: 1 });
  });

  const march = '/dashboard?date_from=2026-03-01&date_to=2026-03-31';

  it('counts live tickets now, finished ones in the period, and averages in minutes', async () => {
    const r = await admin().get<DashboardResponse>(march);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.scope).toBe('company');
    expect(r.body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 3 });
    // Service: (30 + 90 + 20) / 3; waiting: (10 + 20 + 30) / 3 — the agent-opened one waited nothing and is left out.
    expect(r.body.counters.avgSupportTime).toBe(47);
    expect(r.body.counters.avgWaitTime).toBe(20);
    expect(r.body.counters.totalWhatsappSessions).toBeNull();
    expect(r.body.counters.totalCompanies).toBeNull();
  });

  it('lists every attendant with the average rating and service time of what they closed in the period', async () => {
    const r = await admin().get<DashboardResponse>(march);
    const byId = new Map(r.body.attendants.map((x) => [x.id, x]));
    expect(byId.get(agent.id)).toMatchObject({ rating: 2.5, avgSupportTime: 60, tickets: 2, online: expect.any(Boolean) });
    expect(byId.get(a.admin.id)).toMatchObject({ rating: null, avgSupportTime: 20, tickets: 1 });
    expect(byId.get(sup.id)).toMatchObject({ rating: null, avgSupportTime: null, tickets: 0 });
  });

  it('shows the same company figures to a supervisor, and a user only their own', async () => {
    const s = await api(app, sup.token).get<DashboardResponse>(march);
    expect(s.body.scope).toBe('company');
    expect(s.body.counters.supportFinished).toBe(3);
    const u = await api(app, agent.token).get<DashboardResponse>(march);
    expect(u.status).toBe(200);
    expect(u.body.scope).toBe('own');
    expect(u.body.counters).toMatchObject({ supportHappening: 1, supportFinished: 2, avgSupportTime: 60 });
    // Waiting: the pending ticket of the agent's queue, which they may take.
    expect(u.body.counters.supportPending).toBe(1);
    expect(u.body.attendants.map((x) => x.id)).toEqual([agent.id]);
  });

  it('gives the super user the platform’s connections and companies', async () => {
    const su = await login(app, SUPER_EMAIL, SUPER_PASSWORD);
    const r = await api(app, su.token).get<DashboardResponse>('/dashboard?days=7');
    expect(r.status).toBe(200);
    const [row] = await app.owner`select (select count(*) from whatsapps where status = 'CONNECTED')::int as w, (select count(*) from companies)::int as c`;
    expect(r.body.counters).toMatchObject({ totalWhatsappSessions: row!.w, totalCompanies: row!.c });
  });

  it('reads days as the last N company days up to today, and 30 when nothing is named', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const three = await admin().get<DashboardResponse>('/dashboard?days=3');
    expect(three.body.period.to).toBe(today);
    expect(Date.parse(three.body.period.to) - Date.parse(three.body.period.from)).toBe(2 * 86_400_000);
    const none = await admin().get<DashboardResponse>('/dashboard');
    expect(Date.parse(none.body.period.to) - Date.parse(none.body.period.from)).toBe(29 * 86_400_000);
    const recent = await ticket({ status: 'closed', created: new Date(Date.now() - 3_600_000).toISOString(), accepted: new Date(Date.now() - 1_800_000).toISOString(), closed: new Date().toISOString() });
    expect((await admin().get<DashboardResponse>('/dashboard?days=3')).body.counters.supportFinished).toBeGreaterThanOrEqual(1);
    await app.owner`delete from tickets where id = ${recent}`;
  });

  it('refuses a range that ends before it starts, or only an end', async () => {
    expect((await admin().get('/dashboard?date_from=2026-03-10&date_to=2026-03-01')).status).toBe(400);
    expect((await admin().get('/dashboard?date_to=2026-03-01')).status).toBe(400);
    expect((await admin().get('/dashboard?date_from=2026-02-30')).status).toBe(400);
  });
});

describe('GET /dashboard/ticketsUsers', () => {
  it('counts the tickets created in the dates per assigned user, most first', async () => {
    const r = await admin().get<TicketsUsersResponse>('/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31&companyId=1');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data[0]).toMatchObject({ userId: agent.id, quantidade: 3 });
    expect(r.body.data.find((x) => x.userId === a.admin.id)).toMatchObject({ nome: 'Admin', quantidade: 1 });
    expect(r.body.count).toBe(4);
    const own = await api(app, agent.token).get<TicketsUsersResponse>('/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31');
    expect(own.body.data.map((x) => x.userId)).toEqual([agent.id]);
  });
});

describe('GET /ticket/reports', () => {
  it('pages the tickets with names and times, filtered', async () => {
    const r = await admin().get<TicketReportsResponse>(`/ticket/reports?dateFrom=2026-03-01&dateTo=2026-03-31&users=[${agent.id}]&status=["closed"]&pageSize=1`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.totalTickets).toBe(2);
    expect(r.body.hasMore).toBe(true);
    expect(r.body.tickets[0]).toMatchObject({ status: 'closed', userName: 'Agente', supportTime: 90, waitTime: 20, rating: 2 });
    const rated = await admin().get<TicketReportsResponse>('/ticket/reports?onlyRated=true&dateFrom=2026-03-01');
    expect(rated.body.tickets.map((t) => t.rating).sort()).toEqual([2, 3]);
  });

  it('lists to a user only the tickets they may see', async () => {
    const r = await api(app, agent.token).get<TicketReportsResponse>('/ticket/reports?dateFrom=2026-03-01&dateTo=2026-03-31');
    expect(r.status).toBe(200);
    expect(r.body.tickets.every((t) => t.userName === 'Agente' || t.userName === null)).toBe(true);
    expect(r.body.totalTickets).toBe(4);
  });
});

describe('GET /dashboard/onboarding', () => {
  it('ticks each step from the company’s real state, and remembers a dismissal', async () => {
    const c = await createCompany(app);
    const get = async () => (await api(app, c.adminToken).get<OnboardingResponse>('/dashboard/onboarding')).body;
    expect(await get()).toEqual({ dismissed: false, steps: { whatsapp: true, queues: false, users: false, hours: false, simulator: false } });
    const q = await c.addQueue();
    await c.addUser({ queueIds: [q.id] });
    await c.inbound('5511987650001', 'Olá, simulador');
    await app.owner`update companies set schedules = jsonb_build_array(jsonb_build_object('weekday', 'Segunda-feira', 'weekdayEn', 'monday', 'startTime', '08:00', 'endTime', '18:00')) where id = ${c.companyId}`;
    expect((await get()).steps).toEqual({ whatsapp: true, queues: true, users: true, hours: true, simulator: true });
    await app.owner`update whatsapps set status = 'DISCONNECTED' where company_id = ${c.companyId}`;
    expect((await get()).steps.whatsapp).toBe(false);
    const put = await api(app, c.adminToken).put('/settings/onboardingDismissed', { value: 'enabled' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await get()).dismissed).toBe(true);
  });

  it('is the admins’ only', async () => {
    const r = await api(app, agent.token).get('/dashboard/onboarding');
    expect({ status: r.status, error: (r.body as { error: string }).error }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
  });
});
