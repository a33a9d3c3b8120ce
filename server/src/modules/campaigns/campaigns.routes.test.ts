/**
 * Campaigns (administration.md Campaigns, §4, §7, §9; server-behaviour §8; issue 13 §5): CRUD with
 * the editability rule, settings, a campaign run through the sandbox to FINALIZADA with each
 * number sent exactly once, variants and variables, confirmations, skips, cancel and restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type CampaignDto, type CampaignSettingsDto, type ListCampaignsResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { multipart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let user: { token: string };

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  user = await a.addUser({});
  // Back to back: the pacing and the number-health gate have their own tests (one test below
  // sees a campaign of a third company held by its gate).
  await api(app, a.adminToken).post('/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
  await app.owner`update whatsapps set gate_rate_per_minute = 0, gate_daily_cap = 0, gate_warmup_days = 0, gate_jitter_ms = 0 where company_id = ${a.companyId}`;
}, 60_000);
afterAll(() => app.close());

let seq = 0;
const phone = () => `55319${String(70_000_000 + ++seq * 7919).padStart(8, '0')}`;

/** Contacts carrying a new tag (contact_tags), written as fixtures. */
const tagged = async (companyId: number, numbers: string[], names: string[] = []) => {
  const [tag] = await app.owner<{ id: number }[]>`insert into tags (company_id, name, color) values (${companyId}, ${`tag${++seq}`}, '#112233') returning id`;
  for (const [i, n] of numbers.entries()) {
    const [c] = await app.owner<{ id: number }[]>`insert into contacts (company_id, name, number, email) values (${companyId}, ${names[i] ?? `Cliente ${i}`}, ${n}, ${`c${i}@x.com`}) returning id`;
    await app.owner`insert into contact_tags (company_id, contact_id, tag_id) values (${companyId}, ${c!.id}, ${tag!.id})`;
  }
  return tag!.id;
};
/** A contact list with items (`valid` false: not on WhatsApp). */
const listOf = async (companyId: number, items: { number: string; name?: string; valid?: boolean | null }[]) => {
  const [l] = await app.owner<{ id: number }[]>`insert into contact_lists (company_id, name) values (${companyId}, ${`lista${++seq}`}) returning id`;
  for (const it of items) {
    await app.owner`insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
      values (${companyId}, ${l!.id}, ${it.name ?? 'Item'}, ${it.number}, 'i@x.com', ${it.valid ?? null})`;
  }
  return l!.id;
};

const post = async (body: Record<string, unknown>, token = a.adminToken) => api(app, token).post<CampaignDto>('/campaigns', body);
const made = async (body: Record<string, unknown>) => {
  const r = await post(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const show = async (id: number) => (await api(app, a.adminToken).get<CampaignDto>(`/campaigns/${id}`)).body;
const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
};
/** Our outgoing messages to each number (the customer's phone would see these). */
const sentTo = async (companyId: number, numbers: string[]) => {
  const rows = await app.owner<{ number: string; body: string }[]>`
    select c.number, m.body from messages m join contacts c on c.id = m.contact_id
     where m.company_id = ${companyId} and m.from_me and c.number = any(${numbers}) order by m.id`;
  const by = new Map<string, string[]>(numbers.map((n) => [n, []]));
  for (const r of rows) by.get(r.number)!.push(r.body);
  return by;
};
const now = () => new Date().toISOString();

describe('scheduledAt without an offset', () => {
  it("is the company's wall time, not the server's (decision 0277)", async () => {
    await app.owner`update companies set timezone = 'Asia/Tokyo' where id = ${b.companyId}`;
    const runnable = { message1: 'Oi', whatsappId: b.whatsapp.id, tagListId: await tagged(b.companyId, [phone()]) };
    try {
      const r = await post({ name: 'Hora local', ...runnable, scheduledAt: '2031-03-10T14:30' }, b.adminToken);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.scheduledAt).toBe('2031-03-10T05:30:00.000Z');
      const edited = await api(app, b.adminToken).put<CampaignDto>(`/campaigns/${r.body.id}`, { name: 'Hora local', ...runnable, scheduledAt: '2031-03-11T09:00:00' });
      expect(edited.body.scheduledAt).toBe('2031-03-11T00:00:00.000Z');
      // With an offset it is that instant, whatever the zone.
      const exact = await post({ name: 'Com fuso', ...runnable, scheduledAt: '2031-03-10T14:30:00-03:00' }, b.adminToken);
      expect(exact.body.scheduledAt).toBe('2031-03-10T17:30:00.000Z');
      // Campaign changes are in the audit trail (issue 13 leftovers): create, the edit's diff, cancel, delete.
      await api(app, b.adminToken).post(`/campaigns/${r.body.id}/cancel`, {});
      await api(app, b.adminToken).del(`/campaigns/${r.body.id}`);
      const audit = await app.owner<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]>`select action, before, after from audit_logs where entity = 'campaign' and entity_id = ${String(r.body.id)} order by id`;
      expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'update', 'delete']);
      expect(audit[1]!.after).toEqual({ scheduledAt: '2031-03-11T00:00:00.000Z' });
      expect(audit[2]).toMatchObject({ before: { status: 'PROGRAMADA' }, after: { status: 'CANCELADA' } });
      expect(audit[3]!.before).toMatchObject({ name: 'Hora local', status: 'CANCELADA' });
    } finally {
      await app.owner`update companies set timezone = 'America/Sao_Paulo' where id = ${b.companyId}`;
    }
  });
});

describe('campaign settings', () => {
  it('answers the spec defaults, saves the options and variables, refuses values outside the options', async () => {
    // Rows of { key, value } with JSON values, as the spec's settings page parses them (decision 0276).
    const fresh = await api(app, b.adminToken).get<{ key: string; value: string }[]>('/campaign-settings');
    expect(fresh.body).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
    ]);
    const saved = await api(app, b.adminToken).post<CampaignSettingsDto>('/campaign-settings', { settings: { messageInterval: 5, greaterInterval: 120, variables: [{ key: 'loja', value: 'Centro' }] } });
    expect(saved.body).toEqual({ messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables: [{ key: 'loja', value: 'Centro' }] });
    const rows = (await api(app, b.adminToken).get<{ key: string; value: string }[]>('/campaign-settings')).body;
    expect(Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]))).toEqual(saved.body);
    expect((await api(app, b.adminToken).post('/campaign-settings', { settings: { messageInterval: 7 } })).status).toBe(400);
    expect((await api(app, b.adminToken).post('/campaign-settings', { settings: { variables: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] } })).status).toBe(400);
    expect((await api(app, user.token).get('/campaign-settings')).status).toBe(403);
    // The change is in the company's audit trail, before and after (issue 28 §5).
    const [trail] = await app.owner`select before, after from audit_logs where company_id = ${b.companyId} and entity = 'setting' and entity_id = 'campaigns'`;
    expect(trail).toMatchObject({ before: { messageInterval: 20, greaterInterval: 60, variables: [] }, after: { messageInterval: 5, greaterInterval: 120, variables: [{ key: 'loja', value: 'Centro' }] } });
  });
});

describe('campaign CRUD', () => {
  it('creates INATIVA without a schedule, with the spec fields, and lists it', async () => {
    const c = await made({ name: 'Black Friday', message1: 'Oi {nome}', tagListId: 'Nenhuma', whatsappId: a.whatsapp.id });
    expect(c).toMatchObject({ status: 'INATIVA', scheduledAt: null, completedAt: null, whatsapp: { id: a.whatsapp.id, name: 'Sandbox' }, tagListId: null, contactList: null, report: { planned: 0 } });
    const list = await api(app, a.adminToken).get<ListCampaignsResponse>('/campaigns?searchParam=black');
    expect(list.body.records.map((r) => r.id)).toContain(c.id);
    expect((await api(app, b.adminToken).get(`/campaigns/${c.id}`)).status).toBe(404);
  });

  it("attaches a file and removes it, each in the campaign's audit trail (issue 28 §5)", async () => {
    const c = await made({ name: 'Com anexo', message1: 'Oi', whatsappId: a.whatsapp.id });
    const form = multipart([{ name: 'file', value: Buffer.from('%PDF-1.4 tabela'), filename: 'tabela.pdf', contentType: 'application/pdf' }]);
    const up = await app.app.inject({ method: 'POST', url: `/campaigns/${c.id}/media-upload`, payload: form.payload, headers: { 'content-type': form.contentType, authorization: `Bearer ${a.adminToken}` } });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<CampaignDto>().mediaName).toBe('tabela.pdf');
    expect((await api(app, a.adminToken).del<CampaignDto>(`/campaigns/${c.id}/media-upload`)).body.mediaName).toBeFalsy();
    const trail = await app.owner`select before, after from audit_logs where entity = 'campaign' and entity_id = ${String(c.id)} and action = 'update' order by id`;
    expect(trail).toEqual([
      { before: { mediaName: null }, after: { mediaName: 'tabela.pdf' } },
      { before: { mediaName: 'tabela.pdf' }, after: { mediaName: null } },
    ]);
  });

  it('validates the name (2-50) and what a scheduled campaign needs', async () => {
    expect((await post({ name: 'x' })).status).toBe(400);
    const r = await post({ name: 'Sem público', message1: 'Oi', whatsappId: a.whatsapp.id, scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('contactListId');
  });

  it("refuses another company's connection, list or tag", async () => {
    const foreignTag = await tagged(b.companyId, []);
    expect((await post({ name: 'Alheia', tagListId: foreignTag })).status).toBe(400);
    expect((await post({ name: 'Alheia', whatsappId: b.whatsapp.id })).status).toBe(400);
  });

  it('is read-only when PROGRAMADA within the hour, editable more than an hour ahead (administration.md §4)', async () => {
    const tag = await tagged(a.companyId, []);
    const far = await made({ name: 'Longe', message1: 'Oi', tagListId: tag, whatsappId: a.whatsapp.id, scheduledAt: new Date(Date.now() + 2 * 3600_000).toISOString() });
    expect(far.status).toBe('PROGRAMADA');
    const near = new Date(Date.now() + 30 * 60_000).toISOString();
    const moved = await api(app, a.adminToken).put<CampaignDto>(`/campaigns/${far.id}`, { name: 'Perto', message1: 'Oi', tagListId: tag, whatsappId: a.whatsapp.id, scheduledAt: near });
    expect(moved.status).toBe(200);
    const again = await api(app, a.adminToken).put<{ error: string }>(`/campaigns/${far.id}`, { name: 'De novo', message1: 'Oi', tagListId: tag, whatsappId: a.whatsapp.id, scheduledAt: near });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await api(app, a.adminToken).del(`/campaigns/${far.id}`)).status).toBe(200);
    expect((await api(app, a.adminToken).get(`/campaigns/${far.id}`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await api(app, user.token).get('/campaigns')).status).toBe(403);
    expect((await post({ name: 'Do agente' }, user.token)).status).toBe(403);
  });

  it('cancel and restart only from their statuses', async () => {
    const c = await made({ name: 'Parada', message1: 'Oi' });
    expect((await api(app, a.adminToken).post(`/campaigns/${c.id}/restart`, {})).status).toBe(409);
    expect((await api(app, a.adminToken).post(`/campaigns/${c.id}/cancel`, {})).status).toBe(409);
  });
});

describe('a campaign run (sandbox)', () => {
  it('sends every tagged contact exactly once, a random non-empty variant with variables, and ends FINALIZADA with the report live', async () => {
    await api(app, a.adminToken).post('/campaign-settings', { settings: { variables: [{ key: 'loja', value: 'Centro' }] } });
    const numbers = [phone(), phone(), phone(), phone(), phone(), phone()];
    const tag = await tagged(a.companyId, numbers, numbers.map((_, i) => `Nome${i}`));
    const socket = await connectSocket(app, a.adminToken);
    const c = await made({ name: 'Rodada', message1: 'A {nome} {loja}', message3: 'B {numero}', message2: '  ', tagListId: tag, whatsappId: a.whatsapp.id, scheduledAt: now() });
    const finished = nextEvent<{ action: string; record: CampaignDto }>(socket, wireEvent(a.companyId, 'campaign'), (p) => p.record?.id === c.id && p.record.status === 'FINALIZADA', 20_000);
    expect((await finished).record.completedAt).not.toBeNull();
    const by = await sentTo(a.companyId, numbers);
    for (const [i, n] of numbers.entries()) {
      expect(by.get(n), n).toHaveLength(1);
      expect([`A Nome${i} Centro`, `B ${n}`]).toContain(by.get(n)![0]);
    }
    const done = await until(() => show(c.id), (d) => d.report.delivered === numbers.length);
    expect(done.report).toMatchObject({ planned: 6, sent: 6, failed: 0, done: 6 });
    socket.close();
  });

  it('is held by the connection’s send gate: one send a minute sends one now, and the report says why the other waits', async () => {
    const g = await createCompany(app);
    await api(app, g.adminToken).post('/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
    await app.owner`update whatsapps set gate_rate_per_minute = 1, gate_daily_cap = 0, gate_warmup_days = 0, gate_jitter_ms = 0 where company_id = ${g.companyId}`;
    const numbers = [phone(), phone()];
    const tag = await tagged(g.companyId, numbers);
    const gApi = api(app, g.adminToken);
    const c = (await gApi.post<CampaignDto>('/campaigns', { name: 'Devagar', message1: 'Oi {nome}', tagListId: tag, whatsappId: g.whatsapp.id, scheduledAt: now() })).body;
    const held = await until(async () => (await gApi.get<CampaignDto>(`/campaigns/${c.id}`)).body, (d) => d.report.sent === 1 && d.report.held === 1);
    expect(held.status).toBe('EM_ANDAMENTO');
    expect(held.report.holds).toEqual({ rate: 1 });
    expect(held.report).toMatchObject({ delayed: 0, delays: {} });
    // Once the held number goes out, the held card and its detail both say 0 and the delay moves to
    // its own counter (the summary and its detail count the same rows).
    await app.owner`update campaign_shipping set status = 'sent', sent_at = now() where campaign_id = ${c.id} and status = 'held'`;
    const released = (await gApi.get<CampaignDto>(`/campaigns/${c.id}`)).body.report;
    expect(released).toMatchObject({ held: 0, holds: {}, delayed: 1, delays: { rate: 1 } });
    const [day] = await app.owner<{ sent: number; held: Record<string, number> }[]>`select sent, held from send_gate_days where whatsapp_id = ${g.whatsapp.id}`;
    expect(day!.sent).toBe(1);
    expect(day!.held.rate).toBeGreaterThanOrEqual(1);
  });

  it('skips numbers not on WhatsApp and opted-out numbers, and counts them', async () => {
    const [ok, invalid, out] = [phone(), phone(), phone()];
    await app.owner`insert into opt_outs (company_id, number, source, keyword) values (${a.companyId}, ${out}, 'customer', 'SAIR')`;
    const list = await listOf(a.companyId, [{ number: ok, valid: true }, { number: invalid, valid: false }, { number: out }]);
    const c = await made({ name: 'Lista', message1: 'Oi {nome}', contactListId: list, whatsappId: a.whatsapp.id, scheduledAt: now() });
    const done = await until(() => show(c.id), (d) => d.status === 'FINALIZADA');
    expect(done.report).toMatchObject({ planned: 3, sent: 1, skippedInvalid: 1, skippedOptOut: 1 });
    const by = await sentTo(a.companyId, [ok, invalid, out]);
    expect([by.get(ok)!.length, by.get(invalid)!.length, by.get(out)!.length]).toEqual([1, 0, 0]);
  });

  it('with confirmation: sends a confirmation variant, and the main message only after the contact replies', async () => {
    const [n1, n2] = [phone(), phone()];
    const tag = await tagged(a.companyId, [n1, n2]);
    const c = await made({ name: 'Confirma', confirmation: true, confirmationMessage2: 'Posso enviar?', message1: 'Principal', tagListId: tag, whatsappId: a.whatsapp.id, scheduledAt: now() });
    await until(() => show(c.id), (d) => d.report.confirmationRequested === 2);
    expect(await sentTo(a.companyId, [n1, n2])).toEqual(new Map([[n1, ['Posso enviar?']], [n2, ['Posso enviar?']]]));
    expect((await a.inbound(n1, 'Sim')).status).toBe(202);
    const after = await until(() => show(c.id), (d) => d.report.confirmed === 1 && d.report.sent === 1);
    expect(after.report).toMatchObject({ confirmationRequested: 2, confirmed: 1, sent: 1, planned: 2, done: 2 });
    await until(() => show(c.id), (d) => d.status === 'FINALIZADA');
    // Between the answer and the main message (or while the gate holds it) the number's first
    // message is still settled: the bar of a FINALIZADA campaign never drops below 100 %.
    for (const status of ['confirmed', 'queued', 'held']) {
      await app.owner`update campaign_shipping set status = ${status} where campaign_id = ${c.id} and number = ${n1}`;
      expect((await show(c.id)).report).toMatchObject({ planned: 2, done: 2 });
    }
    await app.owner`update campaign_shipping set status = 'sent' where campaign_id = ${c.id} and number = ${n1}`;
    const by = await sentTo(a.companyId, [n1, n2]);
    expect(by.get(n1)).toEqual(['Posso enviar?', 'Principal']);
    expect(by.get(n2)).toEqual(['Posso enviar?']);
  });

  it('cancel stops it; restart sends only the unsent numbers, each once', async () => {
    await api(app, b.adminToken).post('/campaign-settings', { settings: { messageInterval: 5, longerIntervalAfter: 0 } });
    const numbers = [phone(), phone(), phone()];
    const tag = await tagged(b.companyId, numbers);
    const bApi = api(app, b.adminToken);
    const c = (await bApi.post<CampaignDto>('/campaigns', { name: 'Cancela', message1: 'Oi', tagListId: tag, whatsappId: b.whatsapp.id, scheduledAt: now() })).body;
    await until(async () => (await bApi.get<CampaignDto>(`/campaigns/${c.id}`)).body, (d) => d.report.sent >= 1);
    const cancelled = await bApi.post<CampaignDto>(`/campaigns/${c.id}/cancel`, {});
    expect(cancelled.body.status).toBe('CANCELADA');
    const sentAtCancel = cancelled.body.report.sent;
    expect(sentAtCancel).toBeLessThan(3);
    // Cancelled: nothing more goes out, even past the next send's time.
    await new Promise((r) => setTimeout(r, 6000));
    expect((await bApi.get<CampaignDto>(`/campaigns/${c.id}`)).body.report.sent).toBe(sentAtCancel);
    expect((await bApi.post<CampaignDto>(`/campaigns/${c.id}/restart`, {})).body.status).toBe('EM_ANDAMENTO');
    const done = await until(async () => (await bApi.get<CampaignDto>(`/campaigns/${c.id}`)).body, (d) => d.status === 'FINALIZADA', 30_000);
    expect(done.report.sent).toBe(3);
    const by = await sentTo(b.companyId, numbers);
    for (const n of numbers) expect(by.get(n), n).toEqual(['Oi']);
  }, 60_000);
});
