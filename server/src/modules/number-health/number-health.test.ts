/**
 * Number health (issue 13 §6; decisions 0240–0243): the per-connection gate (rate, daily cap in
 * the company's days, warm-up ramp, jitter) counted atomically in send_gate_days — also under
 * concurrent asks —, the opt-out ledger (customer keywords, agents' clicks), the pairing date
 * and a connection's day as the connections page reads it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactDto, ContactOptOutDto, WhatsappDto, WhatsappHealthDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { createNumberHealth } from './index';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let now = new Date('2026-03-10T12:00:00.000Z');
const clock = { now: () => now };
let draw = 0;
const random = () => draw;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp({ clock });
  [a, b] = [await createCompany(app), await createCompany(app)];
});
afterAll(async () => {
  await app.close();
});

const gate = () => createNumberHealth({ data: app.data, clock, random });
const phone = () => `55119${String(70000000 + (process.pid % 1000) * 1000 + ++seq).slice(-8)}`;

/** A fresh sandbox connection of company A with these gate settings (no pairing date: no warm-up). */
const connection = async (settings: Partial<Pick<WhatsappDto, 'gateRatePerMinute' | 'gateDailyCap' | 'gateJitterMs' | 'gateWarmupDays'>>) => {
  const made = await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: `Gate ${++seq}`, provider: 'sandbox' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const put = await api(app, a.adminToken).put<WhatsappDto>(`/whatsapp/${made.body.id}`, { gateRatePerMinute: 0, gateDailyCap: 0, gateJitterMs: 0, gateWarmupDays: 0, ...settings });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  await app.owner`update whatsapps set paired_at = null where id = ${made.body.id}`;
  return put.body;
};
const ask = (w: WhatsappDto, number = phone()) => gate().admit({ companyId: a.companyId, whatsappId: w.id, number, kind: 'campaign' });
const ledger = async (w: WhatsappDto) => (await app.owner`select day::text, sent, held from send_gate_days where whatsapp_id = ${w.id} order by day`).map((r) => ({ ...r }));

describe('the gate', () => {
  it('holds the rate: one send per spacing, the hold counted with when to retry', async () => {
    now = new Date('2026-03-10T12:00:00.000Z');
    const w = await connection({ gateRatePerMinute: 2 });
    expect(await ask(w)).toMatchObject({ ok: true, waitMs: 0, at: now });
    expect(await ask(w)).toEqual({ ok: false, reason: 'rate', retryAt: new Date('2026-03-10T12:00:30.000Z') });
    now = new Date('2026-03-10T12:00:29.000Z');
    expect((await ask(w)).ok).toBe(false);
    now = new Date('2026-03-10T12:00:30.000Z');
    expect(await ask(w)).toMatchObject({ ok: true, waitMs: 0, at: now });
    expect(await ledger(w)).toEqual([{ day: '2026-03-10', sent: 2, held: { rate: 2 } }]);
  });

  it('paces instead of holding when asked to (the external API): each send gets the next slot; other senders wait behind them; the cap still refuses', async () => {
    now = new Date('2026-03-11T12:00:00.000Z');
    const w = await connection({ gateRatePerMinute: 2, gateDailyCap: 3 });
    const paced = () => gate().admit({ companyId: a.companyId, whatsappId: w.id, number: phone(), kind: 'api', pace: true });
    expect(await paced()).toMatchObject({ ok: true, waitMs: 0, at: now });
    expect(await paced()).toMatchObject({ ok: true, waitMs: 30_000, at: new Date('2026-03-11T12:00:30.000Z') });
    // A campaign's send is spaced after the reserved slot, not squeezed before it.
    expect(await ask(w)).toEqual({ ok: false, reason: 'rate', retryAt: new Date('2026-03-11T12:01:00.000Z') });
    expect(await paced()).toMatchObject({ ok: true, waitMs: 60_000, at: new Date('2026-03-11T12:01:00.000Z') });
    expect(await paced()).toMatchObject({ ok: false, reason: 'daily-cap' });
    expect(await ledger(w)).toEqual([{ day: '2026-03-11', sent: 3, held: { rate: 1, 'daily-cap': 1 } }]);
  });

  it('holds the daily cap until midnight in the company’s zone, then counts a new day', async () => {
    now = new Date('2026-03-10T20:00:00.000Z');
    const w = await connection({ gateDailyCap: 3 });
    for (let i = 0; i < 3; i++) expect((await ask(w)).ok).toBe(true);
    // America/Sao_Paulo (UTC-3): the company's next day starts at 03:00 UTC.
    expect(await ask(w)).toEqual({ ok: false, reason: 'daily-cap', retryAt: new Date('2026-03-11T03:00:00.000Z') });
    now = new Date('2026-03-11T02:59:00.000Z');
    expect((await ask(w)).ok).toBe(false);
    now = new Date('2026-03-11T03:00:00.000Z');
    expect((await ask(w)).ok).toBe(true);
    expect(await ledger(w)).toEqual([
      { day: '2026-03-10', sent: 3, held: { 'daily-cap': 2 } },
      { day: '2026-03-11', sent: 1, held: {} },
    ]);
  });

  it('never passes the cap nor the rate under concurrent asks (one conditional upsert)', async () => {
    now = new Date('2026-03-12T12:00:00.000Z');
    const capped = await connection({ gateDailyCap: 5 });
    const capAnswers = await Promise.all(Array.from({ length: 24 }, () => ask(capped)));
    expect(capAnswers.filter((r) => r.ok)).toHaveLength(5);
    expect(capAnswers.filter((r) => !r.ok && r.reason === 'daily-cap')).toHaveLength(19);
    expect(await ledger(capped)).toEqual([{ day: '2026-03-12', sent: 5, held: { 'daily-cap': 19 } }]);

    const paced = await connection({ gateRatePerMinute: 1 });
    const rateAnswers = await Promise.all(Array.from({ length: 12 }, () => ask(paced)));
    expect(rateAnswers.filter((r) => r.ok)).toHaveLength(1);
    expect(await ledger(paced)).toEqual([{ day: '2026-03-12', sent: 1, held: { rate: 11 } }]);
  });

  it('holds the cap across two server processes sharing the database', async () => {
    now = new Date('2026-03-12T15:00:00.000Z');
    const second = await createTestApp({ clock, db: { ownerUrl: app.ownerUrl, appUrl: app.appUrl } });
    try {
      const w = await connection({ gateDailyCap: 7 });
      const gates = [gate(), createNumberHealth({ data: second.data, clock, random })];
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => gates[i % 2]!.admit({ companyId: a.companyId, whatsappId: w.id, number: phone(), kind: 'campaign' })));
      expect(answers.filter((r) => r.ok)).toHaveLength(7);
      expect(await ledger(w)).toEqual([{ day: '2026-03-12', sent: 7, held: { 'daily-cap': 23 } }]);
    } finally {
      await second.close();
    }
  });

  it('ramps a newly paired number up: cap × day / warm-up days, then the whole cap', async () => {
    now = new Date('2026-03-13T12:00:00.000Z');
    const w = await connection({ gateDailyCap: 70, gateWarmupDays: 7 });
    await app.owner`update whatsapps set paired_at = ${'2026-03-13T11:00:00.000Z'} where id = ${w.id}`;
    for (let i = 0; i < 10; i++) expect((await ask(w)).ok).toBe(true);
    expect(await ask(w)).toMatchObject({ ok: false, reason: 'warm-up' });
    const health = (await api(app, a.adminToken).get<WhatsappHealthDto>(`/whatsapp/${w.id}/health`)).body;
    expect(health).toMatchObject({ day: '2026-03-13', sent: 10, held: { rate: 0, 'daily-cap': 0, 'warm-up': 1, 'opt-out': 0 }, warmupDay: 1, effectiveCap: 10, dailyCap: 70 });
    // Day 3 of 7: 30 a day.
    now = new Date('2026-03-15T12:00:00.000Z');
    for (let i = 0; i < 30; i++) expect((await ask(w)).ok).toBe(true);
    expect(await ask(w)).toMatchObject({ ok: false, reason: 'warm-up' });
    // Day 8: the ramp is over; the daily cap is the limit.
    now = new Date('2026-03-20T12:00:00.000Z');
    for (let i = 0; i < 70; i++) expect((await ask(w)).ok).toBe(true);
    expect(await ask(w)).toMatchObject({ ok: false, reason: 'daily-cap' });
    expect((await api(app, a.adminToken).get<WhatsappHealthDto>(`/whatsapp/${w.id}/health`)).body).toMatchObject({ warmupDay: null, effectiveCap: 70, sent: 70 });
  });

  it('spreads sends with jitter, spacing measured between the sends themselves', async () => {
    now = new Date('2026-03-21T12:00:00.000Z');
    const w = await connection({ gateRatePerMinute: 6, gateJitterMs: 4000 });
    draw = 0.5;
    expect(await ask(w)).toMatchObject({ ok: true, waitMs: 2000, at: new Date(now.getTime() + 2000) });
    // The send goes at 12:00:02, so the next may go at 12:00:12.
    expect(await ask(w)).toEqual({ ok: false, reason: 'rate', retryAt: new Date('2026-03-21T12:00:12.000Z') });
    draw = 0;
  });

  it('holds an opted-out number for good and counts it', async () => {
    now = new Date('2026-03-22T12:00:00.000Z');
    const w = await connection({});
    const number = phone();
    await app.owner`insert into opt_outs (company_id, number, source) values (${a.companyId}, ${number}, 'agent')`;
    expect(await gate().isOptedOut(a.companyId, number)).toBe(true);
    expect(await gate().isOptedOut(b.companyId, number)).toBe(false);
    expect(await ask(w, number)).toEqual({ ok: false, reason: 'opt-out', retryAt: null });
    expect(await ledger(w)).toEqual([{ day: '2026-03-22', sent: 0, held: { 'opt-out': 1 } }]);
  });

  it('refuses another company’s connection', async () => {
    await expect(gate().admit({ companyId: b.companyId, whatsappId: a.whatsapp.id, number: phone(), kind: 'schedule' })).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
  });
});

describe('the pairing date', () => {
  it('is set when a connection comes up with a new number, kept when the same number reconnects', async () => {
    const made = (await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: `Par ${++seq}`, provider: 'sandbox' })).body;
    const pairedAt = async () => (await app.owner`select paired_at from whatsapps where id = ${made.id}`)[0]!.paired_at as Date | null;
    await vi.waitFor(async () => expect(await pairedAt()).not.toBeNull());
    const first = await pairedAt();
    expect((await api(app, a.adminToken).get<WhatsappDto>(`/whatsapp/${made.id}`)).body.pairedAt).toBe(first!.toISOString());
    await api(app, a.adminToken).put(`/whatsappsession/${made.id}`);
    await vi.waitFor(async () => expect((await app.owner`select status from whatsapps where id = ${made.id}`)[0]!.status).toBe('CONNECTED'));
    expect(await pairedAt()).toEqual(first);
    // Another phone on the connection: a new warm-up.
    await app.owner`update whatsapps set number = '5511900000000', paired_at = '2020-01-01' where id = ${made.id}`;
    await api(app, a.adminToken).put(`/whatsappsession/${made.id}`);
    await vi.waitFor(async () => expect((await pairedAt())!.getTime()).toBeGreaterThan(Date.parse('2021-01-01')));
  });
});

describe('the opt-out ledger', () => {
  const customer = async () => {
    const number = phone();
    await a.inbound(number, 'Olá');
    const contact = await vi.waitFor(async () => {
      const found = (await api(app, a.adminToken).get<{ contacts: ContactDto[] }>(`/contacts?searchParam=${number}`)).body.contacts[0];
      expect(found).toBeDefined();
      return found!;
    });
    return { number, contact };
  };
  const optOutRow = async (number: string) => (await app.owner`select source, keyword from opt_outs where company_id = ${a.companyId} and number = ${number}`).map((r) => ({ ...r }));

  it('records a customer’s keyword, accents, case and spaces aside, on the ticket’s timeline', async () => {
    const { number, contact } = await customer();
    await a.inbound(number, 'quero sair da lista');
    await a.inbound(number, '  Sáir! ');
    await vi.waitFor(async () => expect(await optOutRow(number)).toEqual([{ source: 'keyword', keyword: 'SAIR' }]));
    const events = await app.owner`select e.kind, e.detail from ticket_events e join tickets t on t.id = e.ticket_id where t.contact_id = ${contact.id} and e.kind = 'opt-out'`;
    expect(events.map((e) => ({ kind: e.kind, keyword: (e.detail as { keyword: string }).keyword }))).toEqual([{ kind: 'opt-out', keyword: 'SAIR' }]);
    expect((await api(app, a.adminToken).get<ContactOptOutDto>(`/contacts/${contact.id}/opt-out`)).body).toMatchObject({ optedOut: true, source: 'keyword', keyword: 'SAIR' });
  });

  it('does not take an ordinary message for an opt-out', async () => {
    const { number } = await customer();
    await a.inbound(number, 'Stop by tomorrow?');
    await a.inbound(number, 'SAIR');
    // The keyword after it is recorded: the earlier message was read and passed over.
    await vi.waitFor(async () => expect(await optOutRow(number)).toEqual([{ source: 'keyword', keyword: 'SAIR' }]));
  });

  it('lets any agent opt a contact out, and admins or supervisors back in, in the audit trail', async () => {
    const { number, contact } = await customer();
    const agent = await a.addUser({});
    const out = await api(app, agent.token).put<ContactOptOutDto>(`/contacts/${contact.id}/opt-out`);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ contactId: contact.id, number, optedOut: true, source: 'agent', userId: agent.user.id });
    expect((await api(app, agent.token).put<ContactOptOutDto>(`/contacts/${contact.id}/opt-out`)).body.optedOut).toBe(true);
    expect((await api(app, agent.token).del(`/contacts/${contact.id}/opt-out`)).status).toBe(403);
    expect(await optOutRow(number)).toEqual([{ source: 'agent', keyword: '' }]);
    const back = await api(app, a.adminToken).del<ContactOptOutDto>(`/contacts/${contact.id}/opt-out`);
    expect(back.body).toMatchObject({ optedOut: false, source: null });
    expect(await optOutRow(number)).toEqual([]);
    const audit = await app.owner`select action, user_id from audit_logs where company_id = ${a.companyId} and entity = 'opt-out' and entity_id = ${String(contact.id)} order by id`;
    expect(audit.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('keeps companies apart', async () => {
    const { contact } = await customer();
    expect((await api(app, b.adminToken).put(`/contacts/${contact.id}/opt-out`)).status).toBe(404);
    expect((await api(app, b.adminToken).get(`/contacts/${contact.id}/opt-out`)).status).toBe(404);
    expect((await api(app, b.adminToken).get(`/whatsapp/${a.whatsapp.id}/health`)).status).toBe(404);
    expect((await api(app, a.adminToken).get<ContactOptOutDto>(`/contacts/${contact.id}/opt-out`)).body.optedOut).toBe(false);
  });

  it('shows a connection’s day to admins only', async () => {
    const agent = await a.addUser({});
    expect((await api(app, agent.token).get(`/whatsapp/${a.whatsapp.id}/health`)).status).toBe(403);
  });
});
