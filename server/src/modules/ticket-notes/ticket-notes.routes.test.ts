/**
 * Ticket notes (attendance.md §3 "Ticket note: id, note, ticketId, contactId, user, createdAt",
 * §5 "required, min 2", §7 calls; decision 0081): whoever may see the ticket reads and adds its
 * notes; a note is deleted by its author or an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type TicketDto, type TicketNoteDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let queue: number;
let otherQueue: number;
let ana: { id: number; token: string; name: string };
let bia: { id: number; token: string };
let sup: { id: number; token: string };
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  queue = (await a.addQueue()).id;
  otherQueue = (await a.addQueue()).id;
  const u1 = await a.addUser({ queueIds: [queue] });
  const u2 = await a.addUser({ queueIds: [queue] });
  const s = await a.addUser({ profile: 'supervisor', queueIds: [queue] });
  ana = { id: u1.user.id, token: u1.token, name: u1.user.name };
  bia = { id: u2.user.id, token: u2.token };
  sup = { id: s.user.id, token: s.token };
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const ticketIn = async (queueId: number): Promise<TicketDto> => {
  const number = `55119${String(60000000 + ++seq).padStart(8, '0')}`;
  const contact = await admin().post<{ id: number }>('/contacts', { name: `Cliente ${seq}`, number });
  const t = await admin().post<TicketDto>('/tickets', { contactId: contact.body.id, queueId, status: 'pending' });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return t.body;
};
const add = async (token: string, t: TicketDto, note: string) => {
  const r = await api(app, token).post<TicketNoteDto>('/ticket-notes', { note, ticketId: t.id, contactId: t.contactId });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const list = async (token: string, t: TicketDto) => api(app, token).get<TicketNoteDto[]>(`/ticket-notes/list?ticketId=${t.id}&contactId=${t.contactId}`);
const errorOf = (r: { status: number; body: unknown }) => ({ status: r.status, error: (r.body as { error?: string }).error });

describe('POST /ticket-notes and GET /ticket-notes/list', () => {
  it("adds a note as the caller, trimmed, and lists the ticket's notes oldest first with their author's name", async () => {
    const t = await ticketIn(queue);
    const first = await add(ana.token, t, '  Cliente prefere e-mail  ');
    expect(first).toEqual({
      id: expect.any(Number),
      note: 'Cliente prefere e-mail',
      ticketId: t.id,
      contactId: t.contactId,
      userId: ana.id,
      user: { id: ana.id, name: ana.name },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await add(a.adminToken, t, 'Ligar amanhã');
    const r = await list(bia.token, t);
    expect(r.status).toBe(200);
    expect(r.body.map((n) => n.id)).toEqual([first.id, second.id]);
    expect(r.body[1]!.user).toEqual({ id: a.admin.id, name: a.admin.name });
    // Another ticket's notes are not this one's.
    expect((await list(ana.token, await ticketIn(queue))).body).toEqual([]);
  });

  it('takes the contact from the ticket: contactId may be left out, and another contact is refused', async () => {
    const t = await ticketIn(queue);
    const r = await api(app, ana.token).post<TicketNoteDto>('/ticket-notes', { note: 'Sem contactId', ticketId: t.id });
    expect(r.body.contactId).toBe(t.contactId);
    const other = await ticketIn(queue);
    expect(errorOf(await api(app, ana.token).post('/ticket-notes', { note: 'Outro contato', ticketId: t.id, contactId: other.contactId }))).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    expect(errorOf(await api(app, ana.token).get(`/ticket-notes/list?ticketId=${t.id}&contactId=${other.contactId}`))).toEqual({ status: 400, error: 'ERR_VALIDATION' });
  });

  it('refuses a note under 2 characters (attendance.md §5)', async () => {
    const t = await ticketIn(queue);
    const r = await api(app, ana.token).post('/ticket-notes', { note: ' a ', ticketId: t.id });
    expect(errorOf(r)).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    expect((await list(ana.token, t)).body).toEqual([]);
  });

  it("is refused (403) on a ticket the caller may not see, and nothing is written", async () => {
    const t = await ticketIn(otherQueue);
    await add(a.adminToken, t, 'Só para quem vê');
    expect(errorOf(await api(app, ana.token).post('/ticket-notes', { note: 'Intrusa', ticketId: t.id }))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect(errorOf(await list(ana.token, t))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect(errorOf(await list(sup.token, t))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect((await list(a.adminToken, t)).body.map((n) => n.note)).toEqual(['Só para quem vê']);
  });
});

describe('DELETE /ticket-notes/:id', () => {
  it('lets the author delete their note', async () => {
    const t = await ticketIn(queue);
    const n = await add(ana.token, t, 'Apagar depois');
    const r = await api(app, ana.token).del(`/ticket-notes/${n.id}`);
    expect(r.status).toBe(200);
    expect((await list(ana.token, t)).body).toEqual([]);
  });

  it("refuses another agent's note to users and supervisors, and lets an admin delete it", async () => {
    const t = await ticketIn(queue);
    const n = await add(ana.token, t, 'Da Ana');
    expect(errorOf(await api(app, bia.token).del(`/ticket-notes/${n.id}`))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect(errorOf(await api(app, sup.token).del(`/ticket-notes/${n.id}`))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect((await list(ana.token, t)).body.map((x) => x.id)).toEqual([n.id]);
    expect((await admin().del(`/ticket-notes/${n.id}`)).status).toBe(200);
    expect((await list(ana.token, t)).body).toEqual([]);
    expect(errorOf(await admin().del(`/ticket-notes/${n.id}`))).toEqual({ status: 404, error: 'ERR_NOT_FOUND' });
  });

  it('refuses the author once the ticket is out of their sight', async () => {
    const t = await ticketIn(queue);
    const n = await add(ana.token, t, 'Antes da transferência');
    expect((await admin().put(`/tickets/${t.id}`, { queueId: otherQueue })).status).toBe(200);
    expect(errorOf(await api(app, ana.token).del(`/ticket-notes/${n.id}`))).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
  });
});

describe('live: company-<id>-ticketNote', () => {
  it('reaches the sockets that joined the conversation, with the note on create and its id on delete', async () => {
    const t = await ticketIn(queue);
    const joined = await connectSocket(app, bia.token);
    const notJoined = await connectSocket(app, a.adminToken);
    const heardElsewhere: unknown[] = [];
    notJoined.on(wireEvent(a.companyId, 'ticketNote'), (p: unknown) => heardElsewhere.push(p));
    try {
      const ack = await new Promise<unknown>((resolve) => joined.emit('joinChatBox', t.uuid, resolve));
      expect(ack).toBe(true);
      const created = nextEvent<{ action: string; note: TicketNoteDto }>(joined, wireEvent(a.companyId, 'ticketNote'), (p) => p.action === 'create');
      const n = await add(ana.token, t, 'Ao vivo');
      expect((await created).note).toMatchObject({ id: n.id, note: 'Ao vivo', ticketId: t.id, user: { id: ana.id } });
      const deleted = nextEvent<{ action: string; id: number; ticketId: number }>(joined, wireEvent(a.companyId, 'ticketNote'), (p) => p.action === 'delete');
      await api(app, ana.token).del(`/ticket-notes/${n.id}`);
      expect(await deleted).toEqual({ action: 'delete', ticketId: t.id, id: n.id });
      // The admin's socket sees every ticket but never joined this conversation: nothing for it.
      expect(heardElsewhere).toEqual([]);
    } finally {
      joined.disconnect();
      notJoined.disconnect();
    }
  });
});
