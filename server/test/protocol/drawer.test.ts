/**
 * The conversation's contact drawer and tag selector as the spec's client uses them
 * (attendance §3 "Ticket note", §7 "POST /ticket-notes; DELETE /ticket-notes/{id}; GET
 * /ticket-notes/list params ticketId, contactId" and "GET /tags/list; POST /tags {name}; POST
 * /tags/sync {ticketId, tags}"), and the ticket frame lists read the tags from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, WireTicket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;

beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

describe('the tag selector in the conversation header', () => {
  it('creates a typed tag, syncs the chosen ones, and every list hears the ticket with its tags', async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Quero etiquetas');
    const socket = await admin.socket().open();
    try {
      const existing = await admin.changeTags(t.id, ['Prioridade']);
      expect(existing.sync?.status).toBe(200);
      const list = await admin.tagsList();
      expect(list.status).toBe(200);
      const prioridade = list.data.find((g) => g.name === 'Prioridade')!;
      expect(prioridade).toMatchObject({ id: expect.any(Number), color: '#999999' });
      const frame = socket.next<{ action: string; ticket: WireTicket }>(`company-${admin.companyId}-ticket`, (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.tags.length === 2);
      const { created, sync } = await admin.changeTags(t.id, [prioridade, 'Retornar ligação']);
      expect(created).toBeNull();
      expect(sync!.status).toBe(200);
      expect((sync!.data.tags as { name: string }[]).map((g) => g.name).sort()).toEqual(['Prioridade', 'Retornar ligação']);
      expect(((await frame).ticket.tags as { name: string }[]).map((g) => g.name).sort()).toEqual(['Prioridade', 'Retornar ligação']);
      expect((await admin.changeTags(t.id, [])).sync!.data.tags).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("the contact drawer's notes", () => {
  it('adds, lists (with the author and date) and deletes a note as ContactNotes does', async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Preciso de ajuda');
    const added = await admin.addTicketNote(t.id, t.contact.id, 'Cliente VIP');
    expect(added.status).toBe(200);
    const list = await admin.ticketNotes(t.id, t.contact.id);
    expect(list.status).toBe(200);
    expect(list.data).toEqual([expect.objectContaining({ id: added.data.id, note: 'Cliente VIP', user: expect.objectContaining({ name: admin.user!.name }), createdAt: expect.any(String) })]);
    expect(Number.isNaN(Date.parse(list.data[0]!.createdAt))).toBe(false);
    expect((await admin.deleteTicketNote(added.data.id)).status).toBe(200);
    expect((await admin.ticketNotes(t.id, t.contact.id)).data).toEqual([]);
    const short = await admin.addTicketNote(t.id, t.contact.id, 'x');
    expect(short.status).toBe(400);
  });
});
