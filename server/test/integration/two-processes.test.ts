import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type TicketDto } from '@balcao/shared';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../helpers/world';

// Two server processes' worth of app (own pools, own socket.io servers) on one database,
// sharing events through the PostgreSQL adapter, as in docker-compose.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: TestApp;
let two: TestApp;
let a: TestCompany;

beforeAll(async () => {
  db = await createTestDatabase();
  one = await createTestApp({ db, config: { realtimeAdapter: 'postgres' } });
  two = await createTestApp({ db, config: { realtimeAdapter: 'postgres' } });
  a = await createCompany(one);
  // The second process picks up the connection created through the first.
  await two.sessions.resumeAll();
});
afterAll(async () => {
  await one.close();
  await two.close();
  await db.drop();
});

describe('several server processes', () => {
  it('delivers an event raised in one process to a socket connected to the other', async () => {
    const socket = await connectSocket(one, a.adminToken);
    const created = nextEvent<{ action: string; ticket: TicketDto }>(socket, wireEvent(a.companyId, 'ticket'), (p) => p.ticket?.contact.number === '5531988880000');
    const r = await api(two, a.adminToken).post(`/sandbox/connections/${a.whatsapp.id}/inbound`, { from: '5531988880000', body: 'Oi' });
    expect(r.status).toBe(202);
    expect((await created).ticket).toMatchObject({ status: 'pending', lastMessage: 'Oi' });
    socket.close();
  });

  it('accepts a token issued by the other process and answers the same data', async () => {
    const fromOne = await api(one, a.adminToken).get<{ count: number }>('/tickets?status=pending&showAll=true');
    const fromTwo = await api(two, a.adminToken).get<{ count: number }>('/tickets?status=pending&showAll=true');
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.body.count).toBe(fromOne.body.count);
  });
});
