/**
 * Blue ticks only when an agent opens the conversation: accepting the ticket, or showing an
 * attended one with unread messages (POST /tickets/:id/read), marks the customer's messages
 * read on WhatsApp, once. Each step waits for the flags it checks (no fixed delays).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { uniquePhone } from '../../../test/helpers/tenants';

let app: TestApp;
let a: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const sandbox = () => app.sessions.sandbox(a.whatsapp.id, a.companyId)!;
const readOnPhone = (phone: string) => sandbox().reads.get(phone) ?? [];
const readFlags = async (ids: string[]) =>
  (await app.owner`select wa_message_id, read from messages where wa_message_id in ${app.owner(ids)} order by id`).map((r) => r.read as boolean);

describe('read receipts', () => {
  it('a pending ticket viewed is not read; accepting it marks every customer message read, once', async () => {
    const phone = uniquePhone();
    const ids = [(await a.inbound(phone, 'Oi')).id, (await a.inbound(phone, 'Tem alguém?')).id];
    const ticket = (await a.pendingTickets()).find((t) => t.contact.number === phone)!;
    const admin = api(app, a.adminToken);

    // Looking at a pending ticket (the admin's preview) reads nothing, even asked to.
    expect((await admin.get(`/messages/${ticket.id}`)).status).toBe(200);
    expect((await admin.post<TicketDto>(`/tickets/${ticket.id}/read`)).body.unreadMessages).toBe(2);
    expect(await readFlags(ids)).toEqual([false, false]);

    expect((await admin.put<TicketDto>(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    await vi.waitFor(() => expect(readOnPhone(phone)).toEqual(ids), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(await readFlags(ids)).toEqual([true, true]), { timeout: 5_000, interval: 50 });

    // A message arriving while the conversation is open: reading the history marks nothing,
    // showing the conversation again does.
    const later = (await a.inbound(phone, 'Ainda aí?')).id;
    expect((await admin.get(`/messages/${ticket.id}`)).status).toBe(200);
    expect(await readFlags([later])).toEqual([false]);
    expect((await admin.post<TicketDto>(`/tickets/${ticket.id}/read`)).status).toBe(200);
    await vi.waitFor(() => expect(readOnPhone(phone)).toEqual([...ids, later]), { timeout: 10_000, interval: 50 });
    // The phone's ticks come before the row's flag (setReadOnNetwork runs after the send): wait for it.
    await vi.waitFor(async () => expect(await readFlags([...ids, later])).toEqual([true, true, true]), { timeout: 5_000, interval: 50 });
  });
});
