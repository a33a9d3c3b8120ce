/**
 * The kanban board's routes (administration.md §2 Kanban, §4 "Kanban drag", §7; decisions
 * 0245, 0246): `GET /ticket/kanban` under ticket visibility, `GET /tags/kanban` → lista, and
 * the drag's `PUT /ticket-tags/:ticketId/:tagId` / `DELETE /ticket-tags/:ticketId`, live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type KanbanTagsResponse, type KanbanTicketsResponse, type TagDto, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let queue: number;
let otherQueue: number;
let user: { id: number; token: string };
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  queue = (await a.addQueue()).id;
  otherQueue = (await a.addQueue()).id;
  const u = await a.addUser({ queueIds: [queue] });
  user = { id: u.user.id, token: u.token };
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const ticketIn = async (queueId: number, status: 'pending' | 'open' = 'pending'): Promise<TicketDto> => {
  const number = `55119${String(80000000 + ++seq).padStart(8, '0')}`;
  const contact = await admin().post<{ id: number }>('/contacts', { name: `Quadro ${seq}`, number });
  const t = await admin().post<TicketDto>('/tickets', { contactId: contact.body.id, queueId, status });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return t.body;
};
const tag = async (name: string, kanban: boolean) => {
  const r = await admin().post<TagDto>('/tags', { name: `${name} ${++seq}`, kanban });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const board = async (token: string, query = '') => {
  const r = await api(app, token).get<KanbanTicketsResponse>(`/ticket/kanban${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.tickets.map((t) => t.id);
};

describe('GET /ticket/kanban', () => {
  it('answers the live tickets each one may see (the tickets’ visibility), filtered by queueIds as JSON', async () => {
    const mine = await ticketIn(queue);
    const theirs = await ticketIn(otherQueue);
    const closed = await ticketIn(queue, 'open');
    await admin().put(`/tickets/${closed.id}`, { status: 'closed' });
    const forAdmin = await board(a.adminToken);
    expect(forAdmin).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(forAdmin).not.toContain(closed.id);
    const forUser = await board(user.token);
    expect(forUser).toContain(mine.id);
    expect(forUser).not.toContain(theirs.id);
    expect(await board(a.adminToken, `?queueIds=${encodeURIComponent(JSON.stringify([otherQueue]))}`)).toEqual([theirs.id]);
    // The user's filter cannot widen what they see.
    expect(await board(user.token, `?queueIds=${encodeURIComponent(JSON.stringify([otherQueue]))}`)).toEqual([]);
  });
});

describe('GET /tags/kanban', () => {
  it('answers the kanban tags only, as lista', async () => {
    const lane = await tag('Raia', true);
    const plain = await tag('Comum', false);
    const r = await api(app, user.token).get<KanbanTagsResponse>('/tags/kanban');
    expect(r.status).toBe(200);
    const ids = r.body.lista.map((t) => t.id);
    expect(ids).toContain(lane.id);
    expect(ids).not.toContain(plain.id);
    expect(r.body.lista.every((t) => t.kanban === 1)).toBe(true);
  });

  it('is behind the plan’s useKanban', async () => {
    await app.owner`update plans set use_kanban = false where id = (select plan_id from companies where id = ${a.companyId})`;
    try {
      const r = await admin().get<{ error: string }>('/tags/kanban');
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: 'ERR_PLAN_FEATURE_DISABLED' });
    } finally {
      await app.owner`update plans set use_kanban = true where id = (select plan_id from companies where id = ${a.companyId})`;
    }
  });
});

describe('the drag: PUT /ticket-tags/:ticketId/:tagId and DELETE /ticket-tags/:ticketId', () => {
  it('moves a card: the new lane’s tag replaces the old lane’s, other tags stay; DELETE sends it back to Em aberto', async () => {
    const t = await ticketIn(queue);
    const [todo, doing, plain] = [await tag('A fazer', true), await tag('Fazendo', true), await tag('Nota', false)];
    await admin().post('/tags/sync', { ticketId: t.id, tags: [plain] });
    const ids = (d: TicketDto) => d.tags.map((g) => g.id).sort((x, y) => x - y);
    expect(ids((await api(app, user.token).put<TicketDto>(`/ticket-tags/${t.id}/${todo.id}`)).body)).toEqual([todo.id, plain.id].sort((x, y) => x - y));
    // The spec's client: DELETE, then PUT.
    expect(ids((await api(app, user.token).del<TicketDto>(`/ticket-tags/${t.id}`)).body)).toEqual([plain.id]);
    expect(ids((await api(app, user.token).put<TicketDto>(`/ticket-tags/${t.id}/${doing.id}`)).body)).toEqual([doing.id, plain.id].sort((x, y) => x - y));
    // A PUT alone moves too (one lane at a time).
    const moved = await api(app, user.token).put<TicketDto>(`/ticket-tags/${t.id}/${todo.id}`);
    expect(ids(moved.body)).toEqual([todo.id, plain.id].sort((x, y) => x - y));
    // Again: nothing changes.
    expect(ids((await api(app, user.token).put<TicketDto>(`/ticket-tags/${t.id}/${todo.id}`)).body)).toEqual([todo.id, plain.id].sort((x, y) => x - y));
    expect((await app.owner`select tag_id from ticket_tags where ticket_id = ${t.id} order by tag_id`).map((r) => r.tag_id)).toEqual([todo.id, plain.id].sort((x, y) => x - y));
  });

  it('is for whoever may see the ticket', async () => {
    const theirs = await ticketIn(otherQueue);
    const lane = await tag('Proibida', true);
    const r = await api(app, user.token).put<{ error: string }>(`/ticket-tags/${theirs.id}/${lane.id}`);
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    const d = await api(app, user.token).del<{ error: string }>(`/ticket-tags/${theirs.id}`);
    expect(d.status).toBe(403);
    expect(await app.owner`select tag_id from ticket_tags where ticket_id = ${theirs.id}`).toEqual([]);
  });

  it('goes out live as the ticket’s update, to everyone who sees it', async () => {
    const t = await ticketIn(queue);
    const lane = await tag('Ao vivo', true);
    const socket = await connectSocket(app, user.token);
    try {
      const added = nextEvent<{ action: string; ticket: TicketDto }>(socket, wireEvent(a.companyId, 'ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.tags.length === 1);
      await admin().put(`/ticket-tags/${t.id}/${lane.id}`);
      expect((await added).ticket.tags.map((g) => g.id)).toEqual([lane.id]);
      const removed = nextEvent<{ action: string; ticket: TicketDto }>(socket, wireEvent(a.companyId, 'ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.tags.length === 0);
      await admin().del(`/ticket-tags/${t.id}`);
      await removed;
    } finally {
      socket.disconnect();
    }
  });
});
