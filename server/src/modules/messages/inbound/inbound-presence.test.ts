/**
 * The customer's typing/recording reaches exactly who may see their live ticket
 * (`company-<id>-presence`), is never stored and never makes a ticket.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type TicketDto, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { recordEvents, type Received } from '../../../../test/helpers/sockets';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../../test/helpers/world';
import { uniquePhone } from '../../../../test/helpers/tenants';
import { applyPresence } from './inbound-presence';

let app: TestApp;
let A: TestCompany;
let B: TestCompany;
let ticket: TicketDto;
let phone: string;
let q2Id: number;
const sockets: Socket[] = [];
let admin: Socket;
let inQueue: Socket;
let otherQueue: Received[];
let otherQueueSocket: Socket;
let otherCompany: Received[];
let otherCompanySocket: Socket;

const connect = async (token: string) => {
  const s = await connectSocket(app, token);
  sockets.push(s);
  return s;
};
const sandboxOf = (c: TestCompany) => app.sessions.sandbox(c.whatsapp.id, c.companyId)!;
type PresenceEvent = WireChannels['presence'];

beforeAll(async () => {
  app = await createTestApp();
  A = await createCompany(app);
  B = await createCompany(app);
  const q1 = await A.addQueue('Vendas');
  const q2 = await A.addQueue('Suporte');
  q2Id = q2.id;
  phone = uniquePhone();
  await A.inbound(phone, 'Oi');
  const created = (await A.pendingTickets()).find((t) => t.contact.number === phone)!;
  ticket = (await api(app, A.adminToken).put<TicketDto>(`/tickets/${created.id}`, { queueId: q1.id })).body;
  admin = await connect(A.adminToken);
  inQueue = await connect((await A.addUser({ queueIds: [q1.id] })).token);
  otherQueueSocket = await connect((await A.addUser({ queueIds: [q2.id] })).token);
  otherQueue = recordEvents(otherQueueSocket);
  otherCompanySocket = await connect(B.adminToken);
  otherCompany = recordEvents(otherCompanySocket);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

describe('customer presence', () => {
  it("reaches the ticket's viewers as 'composing', then null when the customer pauses", async () => {
    const event = wireEvent(A.companyId, 'presence');
    const seen = [admin, inQueue].map((s) => nextEvent<PresenceEvent>(s, event, (p) => p.ticketId === ticket.id && p.presence === 'composing'));
    await sandboxOf(A).customerPresence(phone, 'composing');
    for (const p of await Promise.all(seen)) expect(p).toEqual({ action: 'update', ticketId: ticket.id, presence: 'composing' });

    const stopped = nextEvent<PresenceEvent>(inQueue, event, (p) => p.ticketId === ticket.id && p.presence === null);
    await sandboxOf(A).customerPresence(phone, 'paused');
    expect((await stopped).presence).toBeNull();
    const recording = nextEvent<PresenceEvent>(admin, event, (p) => p.presence === 'recording');
    await sandboxOf(A).customerPresence(phone, 'recording');
    expect((await recording).ticketId).toBe(ticket.id);
  });

  it('never reaches a user of another queue or another company, and stores nothing', async () => {
    const before = await app.owner`select count(*)::int as n from messages where company_id = ${A.companyId}`;
    await sandboxOf(A).customerPresence(phone, 'composing');
    // Barriers: each socket's next event of its own, caused after the presence above.
    const otherPhone = uniquePhone();
    await A.inbound(otherPhone, 'Suporte, por favor');
    const other = (await A.pendingTickets()).find((t) => t.contact.number === otherPhone)!;
    const q2Ticket = nextEvent<{ ticket?: TicketDto }>(otherQueueSocket, wireEvent(A.companyId, 'ticket'), (p) => p.ticket?.id === other.id);
    await api(app, A.adminToken).put(`/tickets/${other.id}`, { queueId: q2Id });
    const bTicket = nextEvent(otherCompanySocket, wireEvent(B.companyId, 'ticket'));
    await B.inbound(uniquePhone(), 'Empresa B');
    await Promise.all([bTicket, q2Ticket]);
    expect(otherQueue.filter((r) => r.event.endsWith('-presence'))).toEqual([]);
    expect(otherCompany.filter((r) => r.event.endsWith('-presence'))).toEqual([]);
    const after = await app.owner`select count(*)::int as n from messages where company_id = ${A.companyId}`;
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('does nothing for a number without a live ticket (no contact, no ticket is created)', async () => {
    const stranger = uniquePhone();
    const sent = await applyPresence(app.data, { id: A.whatsapp.id, companyId: A.companyId, queueIds: [] }, { from: stranger, presence: 'composing' });
    expect(sent).toBe(false);
    expect(await app.owner`select id from contacts where number = ${stranger}`).toEqual([]);
  });
});
