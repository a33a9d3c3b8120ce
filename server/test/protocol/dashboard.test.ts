/**
 * The dashboard page as the spec's client drives it (attendance §2 Dashboard, §7: GET /dashboard
 * with days or date_from/date_to; the two charts' GET /dashboard/ticketsUsers and /ticketsDay with
 * initialDate, finalDate, companyId; GET /ticket/reports), reading the fields its components read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
/** Today in the company's timezone (the default, America/Sao_Paulo), as the client's date pickers write it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  const t = await stage.customerWrites(uniquePhone(), 'Bom dia', 'Carla Painel');
  expect((await admin.http('PUT', `/tickets/${t.id}`, { data: { status: 'open', userId: admin.userId } })).status).toBe(200);
  expect((await admin.http('PUT', `/tickets/${t.id}`, { data: { status: 'closed', userId: admin.userId } })).status).toBe(200);
  await stage.customerWrites(uniquePhone(), 'Olá', 'Davi Painel');
});
afterAll(async () => {
  await stage?.close();
});

describe('dashboard', () => {
  it('a period chosen: counters and the attendants table', async () => {
    const r = await admin.dashboard({ days: 7 });
    expect(r.status).toBe(200);
    expect(r.data.counters).toMatchObject({ supportHappening: 0, supportPending: 1, supportFinished: 1 });
    expect(typeof r.data.counters.avgSupportTime).toBe('number');
    const me = r.data.attendants.find((a) => a.name === admin.user!.name)!;
    expect(me).toMatchObject({ online: expect.any(Boolean), avgSupportTime: expect.any(Number) });
    expect('rating' in me).toBe(true);
  });

  it('a date range: the same answer for the same days', async () => {
    const r = await admin.dashboard({ date_from: today(), date_to: today() });
    expect(r.status).toBe(200);
    expect(r.data.counters.supportFinished).toBe(1);
  });

  it('the charts: per user (nome, quantidade) and per hour of a single day (horario, total), each with its count', async () => {
    const users = await admin.ticketsUsers(today(), today());
    expect(users.status).toBe(200);
    expect(users.data.data).toEqual([expect.objectContaining({ nome: admin.user!.name, quantidade: 1 })]);
    expect(users.data.count).toBe(1);
    const day = await admin.ticketsDay(today(), today());
    expect(day.status).toBe(200);
    expect(day.data.data.every((x) => 'horario' in x)).toBe(true);
    expect(day.data.count).toBe(2);
    const week = await admin.ticketsDay('2026-01-01', '2026-01-07');
    expect(week.data.data.map((x) => ('data' in x ? x.data : ''))).toEqual(['01/01/2026', '02/01/2026', '03/01/2026', '04/01/2026', '05/01/2026', '06/01/2026', '07/01/2026']);
  });

  it('the reports list', async () => {
    const r = await admin.ticketReports({ status: ['closed'], dateFrom: today(), dateTo: today(), page: 1, pageSize: 20 });
    expect(r.status).toBe(200);
    expect(r.data.totalTickets).toBe(1);
    expect(r.data.tickets[0]).toMatchObject({ contactName: 'Carla Painel', status: 'closed' });
  });
});
