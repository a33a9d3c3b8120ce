import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { wireEvent, type ContactDto, type MessageDto, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { api, connectSocket, nextEvent } from '../helpers/world';
import { createTenant, freshContact, uniquePhone, type Tenant } from '../helpers/tenants';
import { connectRefused, mentioning, recordEvents, tamperToken, type Received } from '../helpers/sockets';

// Real-time isolation between companies: a socket only ever hears its own company. To prove a
// socket did NOT get something, the other company's event is awaited where it belongs first,
// then an event this socket should get: its stream is ordered, so anything leaked came before.

let app: TestApp;
let A: Tenant;
let B: Tenant;
let sA: Socket;
let sB: Socket;
let seenA: Received[];
let seenB: Received[];

beforeAll(async () => {
  app = await createTestApp();
  A = await createTenant(app, 'Alfa');
  B = await createTenant(app, 'Bravo');
  sA = await connectSocket(app, A.c.adminToken);
  sB = await connectSocket(app, B.c.adminToken);
  seenA = recordEvents(sA);
  seenB = recordEvents(sB);
});
afterAll(async () => {
  sA?.disconnect();
  sB?.disconnect();
  await app.close();
});

const ofTicket = (t: TicketDto) => (p: { ticket?: TicketDto }) => p.ticket?.id === t.id;

/** Everything a socket heard that belongs to the other company (by wire name, uuid or names). */
const foreign = (seen: Received[], own: Tenant, other: Tenant) => [
  ...seen.filter((r) => !r.event.startsWith(`company-${own.c.companyId}-`)).map((r) => r.event),
  ...mentioning(seen, other.ticket.uuid).map((r) => `${r.event} (uuid)`),
  ...mentioning(seen, other.marker).map((r) => `${r.event} (name)`),
  ...mentioning(seen, other.phone).map((r) => `${r.event} (phone)`),
];

/** A's customer writes; resolves once A's admin socket has the ticket update. */
const aWrites = async (text: string) => {
  const got = nextEvent<{ action: string; ticket: TicketDto }>(sA, wireEvent(A.c.companyId, 'ticket'), ofTicket(A.ticket));
  await A.c.inbound(A.phone, text);
  return got;
};
const bWrites = async (text: string) => {
  const got = nextEvent(sB, wireEvent(B.c.companyId, 'ticket'), ofTicket(B.ticket));
  await B.c.inbound(B.phone, text);
  await got;
};

describe('sockets of two companies', () => {
  it("A's customer writing reaches A's admin socket and nothing of it reaches B's", async () => {
    const got = await aWrites('primeira');
    expect(got).toMatchObject({ action: 'update', ticket: { id: A.ticket.id, companyId: A.c.companyId, lastMessage: 'primeira' } });
    await bWrites('escreve depois');
    expect(foreign(seenB, B, A)).toEqual([]);
    // And the other way round.
    await aWrites('de novo');
    expect(foreign(seenA, A, B)).toEqual([]);
  });

  it("B's socket cannot joinChatBox A's ticket, and A's messages never reach it", async () => {
    expect(await sB.emitWithAck('joinChatBox', A.ticket.uuid)).toBe(false);
    expect(await sB.emitWithAck('joinChatBox', B.ticket.uuid)).toBe(true);
    expect(await sA.emitWithAck('joinChatBox', A.ticket.uuid)).toBe(true);

    const control = nextEvent(sA, wireEvent(A.c.companyId, 'appMessage'), ofTicket(A.ticket));
    await A.c.inbound(A.phone, 'segredo da Alfa');
    await control;
    const own = nextEvent(sB, wireEvent(B.c.companyId, 'appMessage'), ofTicket(B.ticket));
    await B.c.inbound(B.phone, 'mensagem da Bravo');
    await own;

    expect(seenB.filter((r) => r.event === wireEvent(A.c.companyId, 'appMessage'))).toEqual([]);
    expect(mentioning(seenB, 'segredo')).toEqual([]);
    expect(foreign(seenB, B, A)).toEqual([]);
  });

  it("a new message reaches every socket that may see its ticket without joinChatBox, and no other user or company", async () => {
    // A's agent is in the ticket's queue (it is pending there); the outsider is in no queue;
    // B's agent is in B's queue. None of them joined a conversation.
    const outsider = await A.c.addUser({ queueIds: [] });
    const [agentA, out, agentB] = await Promise.all([connectSocket(app, A.user.token), connectSocket(app, outsider.token), connectSocket(app, B.user.token)]);
    try {
      const seenOut = recordEvents(out);
      const seenB = recordEvents(agentB);
      const appMessageA = wireEvent(A.c.companyId, 'appMessage');
      const reached = nextEvent<{ action: string; message: MessageDto; ticket: TicketDto; contact: TicketDto['contact'] }>(
        agentA,
        appMessageA,
        (p) => p.ticket?.id === A.ticket.id && p.message.body === 'sigilo da fila Alfa',
      );
      await A.c.inbound(A.phone, 'sigilo da fila Alfa');
      expect(await reached).toMatchObject({ action: 'create', ticket: { id: A.ticket.id, status: 'pending' }, contact: { id: A.contactId } });

      // Then an event each of the others does get: their streams are ordered, so a leak came first.
      const outControl = nextEvent<{ contact: ContactDto }>(out, wireEvent(A.c.companyId, 'contact'), (p) => p.contact?.name === 'Controle Alfa');
      await api(app, A.c.adminToken).post('/contacts', { name: 'Controle Alfa', number: uniquePhone() });
      await outControl;
      const bControl = nextEvent(agentB, wireEvent(B.c.companyId, 'appMessage'), ofTicket(B.ticket));
      await B.c.inbound(B.phone, 'controle da Bravo');
      await bControl;

      expect(seenOut.filter((r) => r.event === appMessageA).map((r) => r.event)).toEqual([]);
      expect(mentioning(seenOut, A.ticket.uuid).map((r) => r.event)).toEqual([]);
      expect(mentioning(seenOut, 'sigilo')).toEqual([]);
      expect(mentioning(seenB, 'sigilo')).toEqual([]);
      expect(foreign(seenB, B, A)).toEqual([]);
    } finally {
      for (const s of [agentA, out, agentB]) s.disconnect();
    }
  });

  it("a B ticket naming A's user as its agent is never announced to that user's socket", async () => {
    // Whatever the API answers, A's admin (user room `user:<id>`) must not hear of B's ticket.
    await api(app, B.c.adminToken).post('/tickets', { contactId: await freshContact(app, B.c), status: 'open', userId: A.c.admin.id });
    await api(app, B.c.adminToken).put(`/tickets/${B.ticket.id}`, { queueId: B.queueId, userId: A.c.admin.id });
    await aWrites('de novo, depois');
    expect(foreign(seenA, A, B)).toEqual([]);
  });

  it("A's payment (company-<A>-payment, CONCLUIDA) reaches A's admin socket and nothing of it reaches B's", async () => {
    const [inv] = await app.owner`insert into invoices (company_id, detail, value, due_date, period, provider, charge_id, pix_code)
      values (${A.c.companyId}, 'Plano', 10, current_date, ${`iso-${process.pid}`}, 'sandbox', ${`sbx_iso_${process.pid}`}, 'pix') returning id`;
    const su = (await api(app).post<{ token: string }>('/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD })).body.token;
    const paid = nextEvent<{ action: string; company: { id: number } }>(sA, wireEvent(A.c.companyId, 'payment'));
    expect((await api(app, su).post(`/sandbox/payments/sbx_iso_${process.pid}/pay`)).status).toBe(200);
    expect(await paid).toMatchObject({ action: 'CONCLUIDA', company: { id: A.c.companyId } });
    expect(inv).toBeDefined();
    // B's stream is ordered: an event B should get, then nothing of A's before it.
    await bWrites('depois do pagamento de A');
    expect(foreign(seenB, B, A)).toEqual([]);
    expect(seenB.filter((r) => r.event.endsWith('-payment'))).toEqual([]);
  });

  it("resync answers only the socket's own company", async () => {
    const r = (await sB.emitWithAck('resync', new Date(0).toISOString())) as { tickets: TicketDto[] };
    expect(r.tickets.map((t) => t.id)).toContain(B.ticket.id);
    expect(r.tickets.filter((t) => t.companyId !== B.c.companyId)).toEqual([]);
  });
});

describe('socket handshake', () => {
  it('refuses a socket without a token', async () => {
    expect(await connectRefused(app, undefined)).toBe('ERR_SESSION_EXPIRED');
    expect(await connectRefused(app, { token: '' })).toBe('ERR_SESSION_EXPIRED');
  });

  it('refuses a bad token, and a valid one whose company was edited', async () => {
    expect(await connectRefused(app, { token: 'not-a-jwt' })).toBe('ERR_INVALID_TOKEN');
    const forged = tamperToken(B.c.adminToken, (claims) => ({ ...claims, companyId: A.c.companyId }));
    expect(await connectRefused(app, { token: forged })).toBe('ERR_INVALID_TOKEN');
  });
});
