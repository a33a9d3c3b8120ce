import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListSchedulesResponse, ScheduleDto, TicketDto } from '@balcao/shared';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { multipart } from '../../../test/helpers/multipart';
import { Jobs } from '../../infra/jobs';
import { systemClock } from '../../infra/clock';
import { createNumberHealth } from '../number-health';
import { createScheduleSender } from '.';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
});
afterAll(async () => {
  await app.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const newContact = async (c: TestCompany) => {
  const number = `55119${String(3_000_000 + ++n).padStart(8, '0')}`;
  const r = await api(app, c.adminToken).post<{ id: number; number: string }>('/contacts', { name: `Cliente ${n}`, number });
  expect(r.status).toBe(200);
  return r.body;
};
/** A customer who wrote: their contact and pending ticket. */
const customer = async (c: TestCompany): Promise<TicketDto> => {
  const from = `55119${String(4_000_000 + ++n).padStart(8, '0')}`;
  await c.inbound(from, 'Oi, tudo bem?');
  return (await c.pendingTickets()).find((t) => t.contact.number === from)!;
};
const row = async (id: number) =>
  (await app.owner<{ status: string; attempts: number; late: boolean; error: string; message_id: number | null; ticket_id: number | null; sent_at: Date | null }[]>`
    select status, attempts, late, error, message_id, ticket_id, sent_at from schedules where id = ${id}`)[0]!;
const outbox = async (c: TestCompany, to: string) =>
  (await api(app, c.adminToken).get<{ body: string; kind: string }[]>(`/sandbox/connections/${c.whatsapp.id}/outbox?to=${to}`)).body;
const sender = () => createScheduleSender({ data: app.data, jobs: undefined as unknown as Jobs, clock: systemClock, health: createNumberHealth({ data: app.data, clock: systemClock }) });

describe('the /schedules routes', () => {
  it('creates, lists, searches, shows, edits and deletes, with the audit trail and the company channel', async () => {
    const contact = await newContact(a);
    const admin = api(app, a.adminToken);
    const socket = await connectSocket(app, a.adminToken);
    try {
      const created = nextEvent<{ action: string; schedule: ScheduleDto }>(socket, `company${a.companyId}-schedule`, (p) => p.action === 'create');
      const r = await admin.post<ScheduleDto>('/schedules', { body: 'Lembrete da consulta', contactId: contact.id, sendAt: inHours(1) });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ body: 'Lembrete da consulta', contactId: contact.id, contact: { name: expect.stringMatching(/^Cliente/) }, status: 'PENDENTE', sentAt: null, userId: a.admin.id });
      expect((await created).schedule.id).toBe(r.body.id);
      const id = r.body.id;

      const list = await admin.get<ListSchedulesResponse>('/schedules/?searchParam=consulta&pageNumber=1');
      expect(list.body.schedules.map((s) => s.id)).toEqual([id]);
      expect(list.body.hasMore).toBe(false);
      expect((await admin.get<ListSchedulesResponse>('/schedules/?searchParam=nada-assim')).body.schedules).toEqual([]);
      const range = await admin.get<ListSchedulesResponse>(`/schedules?start=${encodeURIComponent(inHours(0))}&end=${encodeURIComponent(inHours(2))}`);
      expect(range.body.schedules.map((s) => s.id)).toContain(id);
      expect((await admin.get<ListSchedulesResponse>(`/schedules?start=${encodeURIComponent(inHours(3))}&end=${encodeURIComponent(inHours(4))}`)).body.schedules).toEqual([]);
      expect((await admin.get<ScheduleDto>(`/schedules/${id}`)).body.id).toBe(id);

      const updated = nextEvent<{ action: string; schedule: ScheduleDto }>(socket, `company${a.companyId}-schedule`, (p) => p.action === 'update');
      const put = await admin.put<ScheduleDto>(`/schedules/${id}`, { body: 'Lembrete da consulta amanhã', sendAt: inHours(5), userId: 99 });
      expect(put.status).toBe(200);
      expect(put.body.body).toBe('Lembrete da consulta amanhã');
      expect((await updated).schedule.body).toBe('Lembrete da consulta amanhã');

      const deleted = nextEvent<{ action: string; scheduleId: number }>(socket, `company${a.companyId}-schedule`, (p) => p.action === 'delete');
      expect((await admin.del(`/schedules/${id}`)).status).toBe(200);
      expect((await deleted).scheduleId).toBe(id);
      expect((await admin.get(`/schedules/${id}`)).status).toBe(404);
      const audit = await app.owner<{ action: string }[]>`select action from audit_logs where entity = 'schedule' and entity_id = ${String(id)} order by id`;
      expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'delete']);
    } finally {
      socket.disconnect();
    }
  });

  it("refuses a body under 5 characters with the spec's text, a missing contact or time, and another company's contact", async () => {
    const contact = await newContact(a);
    const admin = api(app, a.adminToken);
    const short = await admin.post<{ error: string; issues: { path: string; message: string }[] }>('/schedules', { body: 'Oi', contactId: contact.id, sendAt: inHours(1) });
    expect(short.status).toBe(400);
    expect(short.body.issues).toContainEqual({ path: 'body', message: 'Mensagem muito curta' });
    const none = await admin.post<{ issues: { path: string; message: string }[] }>('/schedules', { body: 'Mensagem longa' });
    expect(none.body.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['contactId', 'sendAt']));
    const theirs = await newContact(b);
    expect((await admin.post<{ error: string }>('/schedules', { body: 'Mensagem longa', contactId: theirs.id, sendAt: inHours(1) })).body.error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it("reads a datetime-local time (the spec's client) in the company's time zone", async () => {
    const contact = await newContact(a);
    const r = await api(app, a.adminToken).post<ScheduleDto>('/schedules', { body: 'Hora local', contactId: contact.id, sendAt: '2031-01-31T10:00' });
    expect(r.status).toBe(200);
    expect(r.body.sendAt).toBe('2031-01-31T13:00:00.000Z');
  });

  it("lets a user change only their own schedules; admins and supervisors anyone's", async () => {
    const contact = await newContact(a);
    const user = await a.addUser({});
    const other = await a.addUser({});
    const sup = await a.addUser({ profile: 'supervisor' });
    const mine = await api(app, user.token).post<ScheduleDto>('/schedules', { body: 'Do usuário', contactId: contact.id, sendAt: inHours(1) });
    expect(mine.status).toBe(200);
    expect((await api(app, other.token).get<ListSchedulesResponse>('/schedules')).body.schedules.map((s) => s.id)).toContain(mine.body.id);
    expect((await api(app, other.token).put<{ error: string }>(`/schedules/${mine.body.id}`, { body: 'Tomada' })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(app, other.token).del<{ error: string }>(`/schedules/${mine.body.id}`)).status).toBe(403);
    expect((await api(app, user.token).put(`/schedules/${mine.body.id}`, { body: 'Do usuário, editado' })).status).toBe(200);
    expect((await api(app, sup.token).put(`/schedules/${mine.body.id}`, { body: 'Pelo supervisor' })).status).toBe(200);
    expect((await api(app, a.adminToken).del(`/schedules/${mine.body.id}`)).status).toBe(200);
  });

  it('attaches a .png by its bytes, refuses other files, removes it; a sent schedule is no longer saved', async () => {
    const contact = await newContact(a);
    const admin = api(app, a.adminToken);
    const s = (await admin.post<ScheduleDto>('/schedules', { body: 'Com imagem', contactId: contact.id, sendAt: inHours(1) })).body;
    const upload = (fileName: string, mimetype: string, bytes: Buffer) => {
      const body = multipart({}, [{ field: 'file', fileName, mimetype, bytes }]);
      return app.app.inject({ method: 'POST', url: `/schedules/${s.id}/media-upload`, headers: { ...body.headers, authorization: `Bearer ${a.adminToken}` }, payload: body.payload });
    };
    const up = await upload('foto.png', 'image/png', PNG);
    expect(up.statusCode).toBe(200);
    expect(JSON.parse(up.body)).toMatchObject({ mediaName: 'foto.png', mediaPath: expect.stringMatching(/\.png$/) });
    const fake = await upload('foto.jpg', 'image/jpeg', Buffer.from('not an image at all'));
    expect(JSON.parse(fake.body).error).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
    const off = await admin.del<ScheduleDto>(`/schedules/${s.id}/media-upload`);
    expect(off.body.mediaPath).toBeNull();
    await app.owner`update schedules set status = 'ENVIADA', sent_at = now() where id = ${s.id}`;
    expect((await admin.put<{ error: string }>(`/schedules/${s.id}`, { body: 'Tarde demais' })).body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
  });
});

describe('sending', () => {
  it('sends at its time (within 5 s) through the sandbox connection and stores it in the contact’s ticket', async () => {
    const contact = await newContact(a);
    const sendAt = new Date(Date.now() + 2_000);
    const s = (await api(app, a.adminToken).post<ScheduleDto>('/schedules', { body: 'Chegou a hora, {{name}}', contactId: contact.id, sendAt: sendAt.toISOString() })).body;
    await expect.poll(async () => (await outbox(a, contact.number)).map((m) => m.body), { timeout: 10_000, interval: 200 }).toEqual([expect.stringMatching(/^Chegou a hora, Cliente/)]);
    const r = await row(s.id);
    expect(r.status).toBe('ENVIADA');
    expect(r.late).toBe(false);
    expect(r.sent_at!.getTime() - sendAt.getTime()).toBeLessThan(5_000);
    expect(r.sent_at!.getTime()).toBeGreaterThanOrEqual(sendAt.getTime() - 1_000);
    const msg = (await app.owner<{ ticket_id: number; from_me: boolean }[]>`select ticket_id, from_me from messages where id = ${r.message_id}`)[0]!;
    expect(msg).toEqual({ ticket_id: r.ticket_id, from_me: true });
    const events = await app.owner<{ detail: { outcome: string } }[]>`select detail from ticket_events where ticket_id = ${r.ticket_id} and kind = 'schedule'`;
    expect(events.map((e) => e.detail.outcome)).toEqual(['sent']);
  });

  it('tries 3 times, then ERRO with a readable reason', async () => {
    const contact = await newContact(a);
    const s = (await api(app, a.adminToken).post<ScheduleDto>('/schedules', { body: 'Sem conexão', contactId: contact.id, sendAt: inHours(1) })).body;
    // Due now, planned job aside (it was planned for the old time and will do nothing).
    await app.owner`update schedules set send_at = now() - interval '1 second' where id = ${s.id}`;
    await app.owner`update whatsapps set status = 'DISCONNECTED' where id = ${a.whatsapp.id}`;
    try {
      const send = sender();
      expect(await send.attempt(a.companyId, s.id)).toMatchObject({ kind: 'failed', final: false, retryInSeconds: 10 });
      expect(await send.attempt(a.companyId, s.id)).toMatchObject({ kind: 'failed', final: false, retryInSeconds: 30 });
      expect(await send.attempt(a.companyId, s.id)).toMatchObject({ kind: 'failed', final: true });
      expect(await send.attempt(a.companyId, s.id)).toEqual({ kind: 'skipped' });
    } finally {
      await app.owner`update whatsapps set status = 'CONNECTED' where id = ${a.whatsapp.id}`;
    }
    expect(await row(s.id)).toMatchObject({ status: 'ERRO', attempts: 3, error: 'A conexão Sandbox não está conectada', message_id: null });
    const shown = (await api(app, a.adminToken).get<ScheduleDto>(`/schedules/${s.id}`)).body;
    expect(shown).toMatchObject({ status: 'ERRO', error: 'A conexão Sandbox não está conectada' });
  });

  it('honours the opt-out ledger: ERRO with the reason, nothing sent', async () => {
    const contact = await newContact(a);
    await app.owner`insert into opt_outs (company_id, number, source, keyword) values (${a.companyId}, ${contact.number}, 'keyword', 'SAIR')`;
    const s = (await api(app, a.adminToken).post<ScheduleDto>('/schedules', { body: 'Promoção imperdível', contactId: contact.id, sendAt: new Date(Date.now() - 1000).toISOString() })).body;
    await expect.poll(async () => (await row(s.id)).status, { timeout: 10_000, interval: 200 }).toBe('ERRO');
    expect(await row(s.id)).toMatchObject({ error: 'O contato pediu para não receber mensagens (opt-out)', attempts: 1, message_id: null });
    expect(await outbox(a, contact.number)).toEqual([]);
  });

  it('a job planned for an earlier time does nothing after an edit; the edited time is kept', async () => {
    const contact = await newContact(a);
    const admin = api(app, a.adminToken);
    const first = inHours(1);
    const s = (await admin.post<ScheduleDto>('/schedules', { body: 'Remarcado', contactId: contact.id, sendAt: first })).body;
    const edited = (await admin.put<ScheduleDto>(`/schedules/${s.id}`, { sendAt: inHours(2) })).body;
    const send = sender();
    // A job that comes early (clocks apart) is planned again for the time left.
    const early = await send.attempt(a.companyId, s.id, { plannedFor: edited.sendAt });
    expect(early).toMatchObject({ kind: 'early' });
    expect((early as { inSeconds: number }).inSeconds).toBeGreaterThan(7_000);
    await app.owner`update schedules set send_at = now() - interval '1 second' where id = ${s.id}`;
    expect(await send.attempt(a.companyId, s.id, { plannedFor: new Date(first).toISOString() })).toEqual({ kind: 'skipped' });
    expect((await row(s.id)).status).toBe('PENDENTE');
  });
});

describe('follow-ups that cancel themselves', () => {
  it("is cancelled by the customer's next message, with a timeline entry, and never sent", async () => {
    const ticket = await customer(a);
    const admin = api(app, a.adminToken);
    const r = await admin.post<ScheduleDto>('/schedules', { body: 'Conseguiu ver a proposta?', contactId: ticket.contact.id, ticketId: ticket.id, cancelOnReply: true, sendAt: inHours(1) });
    expect(r.body).toMatchObject({ cancelOnReply: true, ticketId: ticket.id, status: 'PENDENTE' });
    const pending = await admin.get<ListSchedulesResponse>(`/schedules?ticketId=${ticket.id}&status=PENDENTE`);
    expect(pending.body.schedules.map((s) => s.id)).toEqual([r.body.id]);
    await a.inbound(ticket.contact.number, 'Vi sim, obrigado!');
    await expect.poll(async () => (await row(r.body.id)).status, { timeout: 10_000, interval: 100 }).toBe('CANCELADA');
    const events = await app.owner<{ detail: { outcome: string; by: string } }[]>`select detail from ticket_events where ticket_id = ${ticket.id} and kind = 'schedule'`;
    expect(events.map((e) => [e.detail.outcome, e.detail.by])).toEqual([['cancelled', 'reply']]);
    await app.owner`update schedules set status = 'PENDENTE', send_at = now() - interval '1 second' where id = ${r.body.id}`;
    // Even had the listener never run, the send reads the reply and cancels instead.
    expect(await sender().attempt(a.companyId, r.body.id)).toEqual({ kind: 'cancelled' });
    expect((await outbox(a, ticket.contact.number)).filter((m) => m.body === 'Conseguiu ver a proposta?')).toEqual([]);
  });

  it("needs its ticket, of the same contact; B's ticket is not found", async () => {
    const ticket = await customer(a);
    const other = await newContact(a);
    const admin = api(app, a.adminToken);
    expect((await admin.post<{ error: string }>('/schedules', { body: 'Sem ticket', contactId: other.id, cancelOnReply: true, sendAt: inHours(1) })).status).toBe(400);
    expect((await admin.post<{ error: string }>('/schedules', { body: 'Outro contato', contactId: other.id, ticketId: ticket.id, cancelOnReply: true, sendAt: inHours(1) })).status).toBe(400);
    const theirs = await customer(b);
    expect((await admin.post<{ error: string }>('/schedules', { body: 'Ticket de B', contactId: ticket.contact.id, ticketId: theirs.id, cancelOnReply: true, sendAt: inHours(1) })).body.error).toBe('ERR_NO_TICKET_FOUND');
  });

  it('is sent into its ticket when the customer stays silent', async () => {
    const ticket = await customer(a);
    const r = await api(app, a.adminToken).post<ScheduleDto>('/schedules', { body: 'Alguma novidade?', contactId: ticket.contact.id, ticketId: ticket.id, cancelOnReply: true, sendAt: new Date(Date.now() + 500).toISOString() });
    await expect.poll(async () => (await row(r.body.id)).status, { timeout: 10_000, interval: 100 }).toBe('ENVIADA');
    expect((await row(r.body.id)).ticket_id).toBe(ticket.id);
  });
});

describe('past-due schedules after a restart', () => {
  it('are sent once when the server comes back, marked late', async () => {
    const db = await createTestDatabase();
    let first: TestApp | undefined = await createTestApp({ db });
    let second: TestApp | undefined;
    try {
      const c = await createCompany(first);
      const contact = (await api(first, c.adminToken).post<{ id: number; number: string }>('/contacts', { name: 'Cliente Atrasado', number: '5511955550001' })).body;
      const s = (await api(first, c.adminToken).post<ScheduleDto>('/schedules', { body: 'Enviado na volta', contactId: contact.id, sendAt: inHours(1) })).body;
      await first.close();
      first = undefined;
      // The server was down while its time came (the job planned for it is still an hour away).
      const owner = (await import('postgres')).default(db.ownerUrl, { max: 1, onnotice: () => undefined });
      await owner`update schedules set send_at = now() - interval '10 minutes', updated_at = now() - interval '10 minutes' where id = ${s.id}`;
      await owner.end();
      second = await createTestApp({ db });
      const back = second;
      await expect
        .poll(async () => (await back.owner<{ status: string }[]>`select status from schedules where id = ${s.id}`)[0]!.status, { timeout: 15_000, interval: 200 })
        .toBe('ENVIADA');
      const r = (await back.owner<{ late: boolean; message_id: number }[]>`select late, message_id from schedules where id = ${s.id}`)[0]!;
      expect(r.late).toBe(true);
      const again = createScheduleSender({ data: back.data, jobs: undefined as unknown as Jobs, clock: systemClock, health: createNumberHealth({ data: back.data, clock: systemClock }) });
      expect(await again.sweep()).toEqual({ tried: 0, sent: 0 });
      expect(await again.attempt(c.companyId, s.id)).toEqual({ kind: 'skipped' });
      const sent = await back.owner<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${c.companyId} and body = 'Enviado na volta'`;
      expect(sent[0]!.n).toBe(1);
    } finally {
      await first?.close();
      await second?.close();
      await db.drop();
    }
  });
});
