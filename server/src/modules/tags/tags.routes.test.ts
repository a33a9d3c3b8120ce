/**
 * Tags (attendance.md §7 "GET /tags/list; POST /tags {name}; POST /tags/sync {ticketId, tags}";
 * administration.md §5, §6; decisions 0079, 0080): the company's list, creation from the
 * conversation's selector, a ticket's tags set to exactly those sent, and the ticket's update event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ListTagsResponse, type TagDto, type TagListItemDto, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let queue: number;
let otherQueue: number;
let user: { id: number; token: string };
let sup: { id: number; token: string };
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  queue = (await a.addQueue()).id;
  otherQueue = (await a.addQueue()).id;
  const u = await a.addUser({ queueIds: [queue] });
  const s = await a.addUser({ profile: 'supervisor', queueIds: [queue] });
  user = { id: u.user.id, token: u.token };
  sup = { id: s.user.id, token: s.token };
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
/** A pending ticket in a queue, for a new contact. */
const ticketIn = async (queueId: number): Promise<TicketDto> => {
  const number = `55119${String(70000000 + ++seq).padStart(8, '0')}`;
  const contact = await admin().post<{ id: number }>('/contacts', { name: `Cliente ${seq}`, number });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  const t = await admin().post<TicketDto>('/tickets', { contactId: contact.body.id, queueId, status: 'pending' });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return t.body;
};
const tag = async (token: string, name: string, extra: Record<string, unknown> = {}) => {
  const r = await api(app, token).post<TagDto>('/tags', { name, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('POST /tags', () => {
  it("creates from the spec's { name } with the default colour, not a kanban lane", async () => {
    const t = await tag(a.adminToken, 'Urgente');
    expect(t).toEqual({ id: expect.any(Number), name: 'Urgente', color: '#999999', kanban: 0 });
  });

  it('lets a user create one from the selector, with a colour', async () => {
    expect(await tag(user.token, 'Financeiro', { color: '#1677ff' })).toMatchObject({ name: 'Financeiro', color: '#1677ff', kanban: 0 });
  });

  it('keeps the kanban flag for admins and supervisors (administration.md §6)', async () => {
    const refused = await api(app, user.token).post('/tags', { name: 'Lane do usuário', kanban: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(await tag(sup.token, 'Lane do supervisor', { kanban: 1 })).toMatchObject({ kanban: 1 });
    expect(await tag(a.adminToken, 'Lane do admin', { kanban: 'true' })).toMatchObject({ kanban: 1 });
    const names = (await admin().get<TagDto[]>('/tags/list')).body.map((t) => t.name);
    expect(names).not.toContain('Lane do usuário');
  });

  it("refuses a name the company has, whatever its case, and the spec's short names", async () => {
    await tag(a.adminToken, 'Suporte');
    const dup = await api(app, user.token).post('/tags', { name: '  SUPORTE ' });
    expect({ status: dup.status, error: (dup.body as { error: string }).error }).toEqual({ status: 409, error: 'ERR_DUPLICATED_RECORD' });
    const short = await admin().post<{ issues: { message: string }[] }>('/tags', { name: 'ab' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Mensagem muito curta');
  });
});

describe('GET /tags/list', () => {
  it("answers every tag of the company to any agent, by name, whatever companyId the spec's client sends", async () => {
    const other = await createCompany(app);
    await tag(other.adminToken, 'Outra empresa');
    const r = await api(app, user.token).get<TagDto[]>(`/tags/list?companyId=${other.companyId}`);
    expect(r.status).toBe(200);
    const names = r.body.map((t) => t.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    expect(names).toEqual(expect.arrayContaining(['Urgente', 'Financeiro', 'Suporte']));
    expect(names).not.toContain('Outra empresa');
  });
});

describe('POST /tags/sync', () => {
  it('sets the ticket to exactly the tags sent (the whole tag objects, as the spec client sends), and clears with []', async () => {
    const t = await ticketIn(queue);
    const [x, y, z] = [await tag(a.adminToken, `Sync x${++seq}`), await tag(a.adminToken, `Sync y${++seq}`), await tag(a.adminToken, `Sync z${++seq}`)];
    const first = await admin().post<TicketDto>('/tags/sync', { ticketId: t.id, tags: [x, y, { id: x.id }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.tags.map((g) => g.id).sort()).toEqual([x.id, y.id].sort());
    const second = await admin().post<TicketDto>('/tags/sync', { ticketId: t.id, tags: [z, y] });
    expect(second.body.tags.map((g) => g.id).sort()).toEqual([y.id, z.id].sort());
    // The ticket as everyone reads it carries them, and the list filters by them.
    const shown = await admin().get<TicketDto>(`/tickets/${t.id}`);
    expect(shown.body.tags).toEqual(second.body.tags);
    expect(shown.body.tags[0]).toEqual({ id: expect.any(Number), name: expect.any(String), color: '#999999' });
    const filtered = await admin().get<{ tickets: TicketDto[] }>(`/tickets?showAll=true&status=pending&tags=${z.id}`);
    expect(filtered.body.tickets.map((k) => k.id)).toEqual([t.id]);
    const cleared = await admin().post<TicketDto>('/tags/sync', { ticketId: t.id, tags: [] });
    expect(cleared.body.tags).toEqual([]);
  });

  it('is for whoever may see the ticket: a user of its queue yes, of another queue 403, nothing changes', async () => {
    const mine = await ticketIn(queue);
    const theirs = await ticketIn(otherQueue);
    const g = await tag(a.adminToken, `Visível ${++seq}`);
    const ok = await api(app, user.token).post<TicketDto>('/tags/sync', { ticketId: mine.id, tags: [{ id: g.id }] });
    expect(ok.status).toBe(200);
    expect(ok.body.tags.map((k) => k.id)).toEqual([g.id]);
    const refused = await api(app, user.token).post('/tags/sync', { ticketId: theirs.id, tags: [{ id: g.id }] });
    expect({ status: refused.status, error: (refused.body as { error: string }).error }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect((await admin().get<TicketDto>(`/tickets/${theirs.id}`)).body.tags).toEqual([]);
  });

  it('refuses an unknown tag without changing the ticket', async () => {
    const t = await ticketIn(queue);
    const g = await tag(a.adminToken, `Fica ${++seq}`);
    await admin().post('/tags/sync', { ticketId: t.id, tags: [g] });
    const r = await admin().post('/tags/sync', { ticketId: t.id, tags: [{ id: 999_999 }] });
    expect({ status: r.status, error: (r.body as { error: string }).error }).toEqual({ status: 404, error: 'ERR_NOT_FOUND' });
    expect((await admin().get<TicketDto>(`/tickets/${t.id}`)).body.tags.map((k) => k.id)).toEqual([g.id]);
  });

  it("sends the ticket's update with its new tags to those who see it", async () => {
    const t = await ticketIn(queue);
    const g = await tag(a.adminToken, `Ao vivo ${++seq}`);
    const socket = await connectSocket(app, user.token);
    try {
      const event = nextEvent<{ action: string; ticket: TicketDto }>(socket, wireEvent(a.companyId, 'ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id);
      await admin().post('/tags/sync', { ticketId: t.id, tags: [g] });
      expect((await event).ticket.tags).toEqual([{ id: g.id, name: g.name, color: g.color }]);
    } finally {
      socket.disconnect();
    }
  });
});

describe('the /tags screen (GET /tags, GET/PUT/DELETE /tags/:id; decisions 0113, 0114)', () => {
  it('pages by name with each tag’s tickets count, searched ignoring accents and case', async () => {
    const mark = `Pag${Date.now()}`;
    for (let i = 0; i < 21; i++) await tag(a.adminToken, `${mark} ${String(i).padStart(2, '0')}`);
    const acentuada = await tag(a.adminToken, `Atenção ${mark}`);
    const t1 = await ticketIn(queue);
    const t2 = await ticketIn(queue);
    for (const t of [t1, t2]) await admin().post('/tags/sync', { ticketId: t.id, tags: [acentuada] });
    const p1 = (await admin().get<ListTagsResponse>(`/tags?searchParam=${mark.toLowerCase()}`)).body;
    const p2 = (await admin().get<ListTagsResponse>(`/tags/?searchParam=${mark}&pageNumber=2`)).body;
    expect([p1.tags.length, p1.count, p1.hasMore, p2.tags.length, p2.hasMore]).toEqual([20, 22, true, 2, false]);
    const found = (await api(app, user.token).get<ListTagsResponse>(`/tags?searchParam=${encodeURIComponent(`ATENCAO ${mark}`)}`)).body.tags;
    expect(found).toEqual([{ id: acentuada.id, name: acentuada.name, color: '#999999', kanban: 0, ticketsCount: 2 }]);
    expect((await admin().get<ListTagsResponse>(`/tags?searchParam=${mark} 00`)).body.tags[0]).toMatchObject({ ticketsCount: 0 });
  });

  it('shows one tag with its count to any agent; an unknown one is a 404', async () => {
    const g = await tag(a.adminToken, `Uma ${++seq}`);
    expect((await api(app, user.token).get(`/tags/${g.id}`)).body).toEqual({ ...g, ticketsCount: 0 });
    const r = await admin().get('/tags/999999');
    expect({ status: r.status, error: (r.body as { error: string }).error }).toEqual({ status: 404, error: 'ERR_NOT_FOUND' });
  });

  it('lets any agent rename and recolour; the kanban flag only for admins and supervisors', async () => {
    const g = await tag(a.adminToken, `Editar ${++seq}`);
    const renamed = await api(app, user.token).put<TagListItemDto>(`/tags/${g.id}`, { name: `Editada ${seq}`, color: '#00ff00', userId: user.id });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `Editada ${seq}`, color: '#00ff00', kanban: 0 });
    const refused = await api(app, user.token).put(`/tags/${g.id}`, { name: `Editada ${seq}`, kanban: 1 });
    expect({ status: refused.status, error: (refused.body as { error: string }).error }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    // The spec's modal sends the flag as it is: unchanged is no change.
    expect((await api(app, user.token).put(`/tags/${g.id}`, { name: `Editada ${seq}`, kanban: 0 })).status).toBe(200);
    expect((await api(app, sup.token).put<TagListItemDto>(`/tags/${g.id}`, { name: `Editada ${seq}`, kanban: true })).body.kanban).toBe(1);
    expect((await admin().put<TagListItemDto>(`/tags/${g.id}`, { name: `Editada ${seq}`, kanban: 0 })).body.kanban).toBe(0);
    const trail = await app.owner`select action, before, after from audit_logs where entity = 'tag' and entity_id = ${String(g.id)} order by id`;
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(trail[1]).toMatchObject({ before: { name: g.name, color: '#999999' }, after: { name: `Editada ${seq}`, color: '#00ff00' } });
  });

  it("refuses another tag's name in any case (409), also when two renames race", async () => {
    const x = await tag(a.adminToken, `Dupla x${++seq}`);
    const y = await tag(a.adminToken, `Dupla y${seq}`);
    const r = await admin().put(`/tags/${y.id}`, { name: x.name.toUpperCase() });
    expect({ status: r.status, error: (r.body as { error: string }).error }).toEqual({ status: 409, error: 'ERR_DUPLICATED_RECORD' });
    // Its own name in another case is fine.
    expect((await admin().put(`/tags/${y.id}`, { name: y.name.toUpperCase() })).status).toBe(200);
    const [p, q] = [await tag(a.adminToken, `Corrida p${++seq}`), await tag(a.adminToken, `Corrida q${seq}`)];
    const answers = await Promise.all([admin().put(`/tags/${p.id}`, { name: `Mesmo ${seq}` }), admin().put(`/tags/${q.id}`, { name: `mesmo ${seq}` })]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
  });

  it('deletes for admins and supervisors only: it leaves every ticket', async () => {
    const g = await tag(a.adminToken, `Apagar ${++seq}`);
    const t = await ticketIn(queue);
    await admin().post('/tags/sync', { ticketId: t.id, tags: [g] });
    const refused = await api(app, user.token).del(`/tags/${g.id}`);
    expect({ status: refused.status, error: (refused.body as { error: string }).error }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect((await api(app, sup.token).del(`/tags/${g.id}`)).body).toEqual({ ok: true });
    expect((await admin().get(`/tags/${g.id}`)).status).toBe(404);
    expect((await admin().get<TicketDto>(`/tickets/${t.id}`)).body.tags).toEqual([]);
    expect((await admin().del(`/tags/${g.id}`)).status).toBe(404);
  });

  it('goes live to the whole company as company-<id>-tag: create, update, delete', async () => {
    const socket = await connectSocket(app, user.token);
    const channel = wireEvent(a.companyId, 'tag');
    try {
      const name = `Viva ${++seq}`;
      const created = nextEvent<{ action: string; tag?: TagListItemDto }>(socket, channel, (p) => p.action === 'create' && p.tag?.name === name);
      const g = await tag(a.adminToken, name);
      expect((await created).tag).toEqual({ ...g, ticketsCount: 0 });
      const updated = nextEvent<{ action: string; tag?: TagListItemDto }>(socket, channel, (p) => p.action === 'update' && p.tag?.id === g.id);
      await admin().put(`/tags/${g.id}`, { name: `Viva ${seq} editada`, color: '#123456' });
      expect((await updated).tag).toMatchObject({ name: `Viva ${seq} editada`, color: '#123456' });
      const deleted = nextEvent<{ action: string; tagId?: number }>(socket, channel, (p) => p.action === 'delete');
      await admin().del(`/tags/${g.id}`);
      expect(await deleted).toEqual({ action: 'delete', tagId: g.id });
    } finally {
      socket.disconnect();
    }
  });
});
