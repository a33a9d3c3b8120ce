/**
 * A contact's own tags (decision 0152): `PUT /contacts/:id/tags` sets exactly those sent; the
 * contact DTO (`GET /contacts`, `/contacts/:id`), the ticket DTO's contact (lists, the inbound
 * pipeline's events) and the `contact` update event carry them. Deleting a contact sends a
 * ticket `delete` for each of its tickets (decision 0153).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ContactDto, type ListContactsResponse, type TagDto, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let user: { token: string };
let socket: Socket;
let vip: TagDto;
let atraso: TagDto;
let theirTag: TagDto;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
  [a, b] = [await createCompany(app), await createCompany(app)];
  user = await a.addUser({ allTicket: 'enabled' });
  socket = await connectSocket(app, a.adminToken);
  vip = (await api(app, a.adminToken).post<TagDto>('/tags', { name: 'VIP' })).body;
  atraso = (await api(app, a.adminToken).post<TagDto>('/tags', { name: 'atraso' })).body;
  theirTag = (await api(app, b.adminToken).post<TagDto>('/tags', { name: 'Deles' })).body;
});
afterAll(async () => {
  socket.close();
  await app.close();
});

const phone = () => `55119${String(60000000 + process.pid * 100 + ++seq).slice(-8)}`;
const newContact = async (c: TestCompany = a) => (await api(app, c.adminToken).post<ContactDto>('/contacts', { name: `Tag ${++seq}`, number: phone() })).body;
const ref = (t: TagDto) => ({ id: t.id, name: t.name, color: t.color });

describe('PUT /contacts/:id/tags', () => {
  it('sets exactly the tags sent (by name), for any agent, and the contact event carries them', async () => {
    const c = await newContact();
    const event = nextEvent<WireChannels['contact']>(socket, wireEvent(a.companyId, 'contact'), (p) => p.action === 'update' && p.contact.id === c.id);
    const r = await api(app, user.token).put<ContactDto>(`/contacts/${c.id}/tags`, { tagIds: [vip.id, atraso.id, vip.id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.tags).toEqual([ref(atraso), ref(vip)]);
    const e = await event;
    expect(e.action === 'update' && e.contact.tags).toEqual([ref(atraso), ref(vip)]);
    expect((await api(app, a.adminToken).get<ContactDto>(`/contacts/${c.id}`)).body.tags).toEqual([ref(atraso), ref(vip)]);
    const listed = (await api(app, a.adminToken).get<ListContactsResponse>(`/contacts?searchParam=${c.number}`)).body.contacts;
    expect(listed.map((x) => x.tags)).toEqual([[ref(atraso), ref(vip)]]);
    const all = (await api(app, a.adminToken).get<ContactDto[]>('/contacts/list')).body.find((x) => x.id === c.id);
    expect(all?.tags).toEqual([ref(atraso), ref(vip)]);

    const cleared = await api(app, a.adminToken).put<ContactDto>(`/contacts/${c.id}/tags`, { tagIds: [] });
    expect(cleared.body.tags).toEqual([]);
  });

  it("shows on the ticket DTO's contact: lists and the inbound pipeline's events", async () => {
    const number = phone();
    await a.inbound(number, 'primeira');
    const ticket = (await a.pendingTickets()).find((t) => t.contact.number === number)!;
    expect(ticket.contact.tags).toEqual([]);
    await api(app, a.adminToken).put(`/contacts/${ticket.contactId}/tags`, { tagIds: [vip.id] });
    const listed = (await a.pendingTickets()).find((t) => t.id === ticket.id)!;
    expect(listed.contact.tags).toEqual([ref(vip)]);
    expect(listed.tags).toEqual([]);
    const frame = nextEvent<WireChannels['ticket']>(socket, wireEvent(a.companyId, 'ticket'), (p) => p.action === 'update' && p.ticket.id === ticket.id);
    await a.inbound(number, 'segunda');
    const f = await frame;
    expect(f.action === 'update' && f.ticket.contact.tags).toEqual([ref(vip)]);
  });

  it("refuses another company's contact or tag, and unknown ones", async () => {
    const mine = await newContact();
    const theirs = await newContact(b);
    const put = (id: number, tagIds: number[], token = a.adminToken) => api(app, token).put<{ error: string }>(`/contacts/${id}/tags`, { tagIds });
    const cases = [await put(theirs.id, [vip.id]), await put(mine.id, [theirTag.id]), await put(mine.id, [vip.id, 999_999]), await put(999_999, [])];
    expect(cases.map((r) => [r.status, r.body.error])).toEqual([
      [404, 'ERR_NO_CONTACT_FOUND'],
      [404, 'ERR_NOT_FOUND'],
      [404, 'ERR_NOT_FOUND'],
      [404, 'ERR_NO_CONTACT_FOUND'],
    ]);
    const rows = await app.owner`select count(*)::int as n from contact_tags where contact_id in (${mine.id}, ${theirs.id})`;
    expect(rows[0]!.n).toBe(0);
  });
});

describe('DELETE /contacts/:id', () => {
  it("sends a ticket delete for each of the contact's tickets, then the contact's", async () => {
    const number = phone();
    await a.inbound(number, 'oi');
    const first = (await a.pendingTickets()).find((t) => t.contact.number === number)!;
    expect((await api(app, a.adminToken).put(`/tickets/${first.id}`, { status: 'closed' })).status).toBe(200);
    await a.inbound(number, 'de novo');
    const second = (await a.pendingTickets()).find((t) => t.contact.number === number)!;
    expect(second.id).not.toBe(first.id);

    const deletes: number[] = [];
    const onTicket = (p: WireChannels['ticket']) => {
      if (p.action === 'delete' && !p.movedFrom) deletes.push(p.ticketId);
    };
    socket.on(wireEvent(a.companyId, 'ticket'), onTicket);
    const gone = nextEvent<WireChannels['contact']>(socket, wireEvent(a.companyId, 'contact'), (p) => p.action === 'delete' && p.contactId === first.contactId);
    const r = await api(app, a.adminToken).del(`/contacts/${first.contactId}`);
    expect(r.status).toBe(200);
    await gone;
    socket.off(wireEvent(a.companyId, 'ticket'), onTicket);
    expect(deletes.sort()).toEqual([first.id, second.id].sort());
    const left = await app.owner`select count(*)::int as n from tickets where contact_id = ${first.contactId}`;
    expect(left[0]!.n).toBe(0);
  });
});
