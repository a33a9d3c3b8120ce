/**
 * pages/Kanban as the spec's client uses it (administration.md §2 Kanban, §4 "Kanban drag", §7):
 * the lanes from GET /tags/kanban (lista), the cards from GET /ticket/kanban with the user's
 * queueIds as JSON, and a drag as DELETE then PUT /ticket-tags — heard live as ticket updates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, SpecSocket, WireTicket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
let socket: SpecSocket;
let ticket: WireTicket;
let lane: number;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  socket = await admin.socket().open();
  ticket = await stage.customerWrites(uniquePhone(), 'Quero um orçamento', 'Rita Quadro');
  lane = (await admin.saveTag({ name: 'Orçamento', color: '#1677ff', kanban: 1 })).data.id as number;
});
afterAll(async () => {
  socket?.close();
  await stage?.close();
});

describe('pages/Kanban', () => {
  it('reads the lanes and the cards with the fields a card shows', async () => {
    const lanes = await admin.kanbanLanes();
    expect(lanes.status).toBe(200);
    expect(lanes.data.lista).toEqual([expect.objectContaining({ id: lane, name: 'Orçamento', color: '#1677ff', kanban: 1 })]);
    const cards = await admin.kanbanTickets([]);
    expect(cards.url).toBe('/ticket/kanban?queueIds=[]&teste=true');
    expect(cards.status).toBe(200);
    const card = cards.data.tickets.find((t) => t.id === ticket.id);
    expect(card).toMatchObject({ id: ticket.id, uuid: ticket.uuid, tags: [], lastMessage: 'Quero um orçamento', contact: { name: 'Rita Quadro', number: ticket.contact.number } });
  });

  it('moves a card to a lane and back to Em aberto (whose PUT of lane0 fails, as the client expects)', async () => {
    const toLane = socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === ticket.id && p.ticket.tags.length === 1);
    const moved = await admin.kanbanMove(ticket.id, lane);
    expect([moved.removed.status, moved.added.status]).toEqual([200, 200]);
    expect((await toLane).ticket.tags).toEqual([expect.objectContaining({ id: lane })]);
    expect((await admin.kanbanTickets([])).data.tickets.find((t) => t.id === ticket.id)?.tags).toEqual([expect.objectContaining({ id: lane })]);

    const back = await admin.kanbanMove(ticket.id, 'lane0');
    expect(back.removed.status).toBe(200);
    expect({ status: back.added.status, error: back.added.data.error }).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    expect((await admin.kanbanTickets([])).data.tickets.find((t) => t.id === ticket.id)?.tags).toEqual([]);
  });
});
