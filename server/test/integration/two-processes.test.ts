import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('spreads the WhatsApp sessions evenly: a process over its fair share hands the rest over, the other takes them (issue 31 §3)', async () => {
    for (let i = 0; i < 3; i += 1) await createCompany(one);
    // Every connection of the database (the first start's company has one too), counted in the
    // database: a connection's session may still be starting when the processes are asked
    // (ci: 4 owned at the count, 5 at the split).
    const total = (await one.owner<{ n: number }[]>`select count(*)::int as n from whatsapps`)[0]!.n;
    expect(total).toBeGreaterThanOrEqual(4);
    await vi.waitFor(() => expect(one.sessions.owned().length + two.sessions.owned().length).toBe(total), { timeout: 15_000 });
    const share = Math.ceil(total / 2);
    // Two processes hold leases on this database: the one over its share hands the rest over, the other takes them.
    await one.sessions.claimOrphans();
    await two.sessions.claimOrphans();
    const split = () => [one.sessions.owned().length, two.sessions.owned().length].sort();
    expect(split()).toEqual([total - share, share].sort());
    // Never two owners, nothing dropped.
    expect(new Set([...one.sessions.owned(), ...two.sessions.owned()]).size).toBe(total);
    // A scan that finds the split fair changes nothing.
    await one.sessions.claimOrphans();
    await two.sessions.claimOrphans();
    expect(split()).toEqual([total - share, share].sort());
    // The simulated phone of a connection handed over still takes a customer's message in either process.
    const moved = two.sessions.owned()[0]!;
    const movedCompany = (await one.owner<{ company_id: number }[]>`select company_id from whatsapps where id = ${moved}`)[0]!.company_id;
    expect(one.sessions.sandbox(moved, movedCompany)).toBeDefined();
  });

  it('accepts a token issued by the other process and answers the same data', async () => {
    const fromOne = await api(one, a.adminToken).get<{ count: number }>('/tickets?status=pending&showAll=true');
    const fromTwo = await api(two, a.adminToken).get<{ count: number }>('/tickets?status=pending&showAll=true');
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.body.count).toBe(fromOne.body.count);
  });
});
