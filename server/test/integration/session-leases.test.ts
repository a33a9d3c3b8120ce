import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { spawnChild, type TestChild } from '../helpers/child';
import { api, createCompany, type TestCompany } from '../helpers/world';
import { BaileysChannel } from '../../src/modules/whatsapp/baileys/baileys.channel';
import { FakeSocket } from '../../src/modules/whatsapp/baileys/test/fake-socket';
import { incomingText } from '../../src/modules/whatsapp/baileys/test/messages';
import { LEASE_NAMESPACE } from '../../src/db/leases';

// Two server processes' worth of app on one database: each WhatsApp session is live in exactly
// one of them (advisory-lock lease); when the owner's lease connection dies, the other takes over.
const key = randomBytes(32);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: TestApp;
let two: TestApp;
let a: TestCompany;
const sockets = { one: [] as FakeSocket[], two: [] as FakeSocket[] };
const factory = (list: FakeSocket[]) => () => {
  const s = new FakeSocket();
  list.push(s);
  return s;
};
const baileysIds: number[] = [];
let sandboxIds: number[] = [];

const CUSTOMER = '5561981230000';
const tick = () => new Promise<void>((r) => setImmediate(r));
const settle = async (app: TestApp, ids: number[]) => {
  await tick();
  for (const id of ids) await (app.sessions.get(id) as BaileysChannel | undefined)?.idle();
};

/** Which apps run a channel for each connection. */
const owners = (ids: number[]) => ids.map((id) => [one, two].filter((app) => app.sessions.get(id)).length);

beforeAll(async () => {
  db = await createTestDatabase();
  // The first process scans rarely (it is the one that "dies"); the second one often.
  one = await createTestApp({ db, config: { waEncryptionKey: key }, baileysSocketFactory: factory(sockets.one), leaseScanMs: 60_000 });
  a = await createCompany(one);
  // Two Baileys connections that were CONNECTED before: the boot resume of the first process starts them.
  for (const name of ['Loja 1', 'Loja 2']) {
    const [row] = await one.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, ${name}, 'baileys', 'CONNECTED') returning id`;
    baileysIds.push(row!.id as number);
  }
  await one.sessions.claimOrphans();
  for (const s of sockets.one) s.open();
  two = await createTestApp({ db, config: { waEncryptionKey: key }, baileysSocketFactory: factory(sockets.two), leaseScanMs: 200 });
  sandboxIds = (await one.owner`select id from whatsapps where provider = 'sandbox' order by id`).map((r) => r.id as number);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.drop();
});

describe('session leases', () => {
  it('runs each connection in exactly one process', async () => {
    expect(sandboxIds.length).toBeGreaterThanOrEqual(2);
    expect(baileysIds).toHaveLength(2);
    // The second process has scanned (boot) and keeps scanning; it never starts a second channel.
    await two.sessions.claimOrphans();
    await new Promise((r) => setTimeout(r, 500));
    expect(owners([...sandboxIds, ...baileysIds])).toEqual([...sandboxIds, ...baileysIds].map(() => 1));
    for (const id of [...sandboxIds, ...baileysIds]) expect(one.sessions.get(id)).toBeDefined();
    expect(sockets.two).toHaveLength(0);
    expect(two.sessions.lastStart === undefined || two.sessions.lastStart === 'owned-elsewhere').toBe(true);
    // What PostgreSQL says: one lock per connection, all held by the first process's lease backend.
    const locks = await one.owner`select pid, objid from pg_locks where locktype = 'advisory' and classid = ${LEASE_NAMESPACE} and granted and database = (select oid from pg_database where datname = current_database())`;
    expect(new Set(locks.map((l) => l.pid))).toEqual(new Set([one.leases.backendPid()]));
    expect(locks.map((l) => Number(l.objid)).sort((x, y) => x - y)).toEqual([...sandboxIds, ...baileysIds].sort((x, y) => x - y));
  });

  it('lets the simulator post inbound through the process that does not own the sandbox', async () => {
    const sandboxId = a.whatsapp.id;
    expect(two.sessions.get(sandboxId)).toBeUndefined();
    const channel = two.sessions.sandbox(sandboxId, a.companyId);
    expect(channel).toBeDefined();
    await channel!.receive({ from: CUSTOMER, body: 'via two', id: 'SBX-VIA-TWO' });
    const rows = await one.owner`select body from messages where whatsapp_id = ${sandboxId} and wa_message_id = 'SBX-VIA-TWO'`;
    expect(rows.map((r) => r.body)).toEqual(['via two']);
  });

  it('hands every session to the other process when the owner dies, storing no message twice', async () => {
    const all = [...sandboxIds, ...baileysIds];
    const sandboxId = a.whatsapp.id;
    const duplicate = incomingText(CUSTOMER, 'Oi, antes e depois');

    // Before: the owner receives a message on each connection.
    await one.sessions.sandbox(sandboxId, a.companyId)!.receive({ from: CUSTOMER, body: 'sandbox dup', id: 'SBX-DUP-1' });
    for (const s of sockets.one) s.upsert([duplicate]);
    await settle(one, baileysIds);

    // kill -9 of the owner, as PostgreSQL sees it: its lease connection is gone.
    const pid = one.leases.backendPid();
    expect(pid).toBeDefined();
    await one.owner`select pg_terminate_backend(${pid!})`;

    // The old owner notices its lease connection is gone and closes every channel (a killed
    // process has none), then the other process claims everything: one owner at each step.
    await vi.waitFor(() => expect(one.sessions.owned()).toEqual([]), { timeout: 30_000, interval: 20 });
    await vi.waitFor(() => expect(two.sessions.owned().sort((x, y) => x - y)).toEqual([...all].sort((x, y) => x - y)), { timeout: 30_000, interval: 50 });
    expect(owners(all)).toEqual(all.map(() => 1));
    // The old sockets were closed; new ones were opened by the new owner.
    for (const s of sockets.one) expect(s.ended).toBeDefined();
    await vi.waitFor(() => expect(sockets.two).toHaveLength(baileysIds.length), { timeout: 5_000, interval: 20 });
    const locks = await two.owner`select pid from pg_locks where locktype = 'advisory' and classid = ${LEASE_NAMESPACE} and granted and database = (select oid from pg_database where datname = current_database())`;
    expect(new Set(locks.map((l) => l.pid))).toEqual(new Set([two.leases.backendPid()]));

    // The same messages arrive again (redelivery after the takeover): stored once.
    for (const s of sockets.two) s.open();
    await settle(two, baileysIds);
    for (const s of sockets.two) s.upsert([duplicate]);
    await settle(two, baileysIds);
    await two.sessions.sandbox(sandboxId, a.companyId)!.receive({ from: CUSTOMER, body: 'sandbox dup', id: 'SBX-DUP-1' });
    // And through the dead owner's side too (its simulator), should a request still reach it.
    await one.sessions.sandbox(sandboxId, a.companyId)?.receive({ from: CUSTOMER, body: 'sandbox dup', id: 'SBX-DUP-1' });

    const counted = await two.owner`select whatsapp_id, count(*)::int as n from messages where wa_message_id in (${duplicate.key.id!}, 'SBX-DUP-1') group by 1`;
    expect(Object.fromEntries(counted.map((r) => [r.whatsapp_id, r.n]))).toEqual(Object.fromEntries([sandboxId, ...baileysIds].map((id) => [id, 1])));
  });
  it('closes the channel of a connection deleted through the process that does not own it', async () => {
    const before = sockets.two.length;
    const [row] = await one.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, 'Loja 3', 'baileys', 'CONNECTED') returning id`;
    const id = row!.id as number;
    await vi.waitFor(() => expect(two.sessions.get(id)).toBeDefined(), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(sockets.two).toHaveLength(before + 1), { timeout: 5_000, interval: 20 });
    const socket = sockets.two.at(-1)!;
    const r = await api(one, a.adminToken).del(`/whatsapp/${id}`);
    expect(r.status).toBe(200);
    await vi.waitFor(() => expect(two.sessions.get(id)).toBeUndefined(), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(socket.ended).toBeDefined(), { timeout: 5_000, interval: 20 });
    expect(one.sessions.get(id)).toBeUndefined();
  });
});

describe('a real kill -9 of the owning process', () => {
  let kdb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let child: TestChild | undefined;
  let other: TestApp | undefined;
  afterAll(async () => {
    child?.kill();
    await other?.close();
    await kdb?.drop();
  });

  it('lets another process claim the sessions of a killed one, storing no message twice', async () => {
    kdb = await createTestDatabase();
    child = spawnChild('lease-owner-process', { OWNER_URL: kdb.ownerUrl, APP_URL: kdb.appUrl });
    const { proc, next } = child;
    const owned = JSON.parse((await next('READY')).slice('READY '.length)) as number[];
    expect(owned.length).toBeGreaterThan(0);

    other = await createTestApp({ db: kdb, leaseScanMs: 200 });
    await other.sessions.claimOrphans();
    expect(other.sessions.owned()).toEqual([]);
    const [w] = await other.owner`select id, company_id from whatsapps where id = ${owned[0]!}`;
    const whatsappId = w!.id as number;
    const companyId = w!.company_id as number;
    proc.stdin.write(`receive ${whatsappId} ${companyId} KILL-DUP-1\n`);
    expect(await next('RECEIVED')).toBe('RECEIVED KILL-DUP-1');

    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    await vi.waitFor(() => expect(other!.sessions.owned().sort((x, y) => x - y)).toEqual([...owned].sort((x, y) => x - y)), { timeout: 30_000, interval: 50 });

    // The customer's phone delivers the same message again, now to the new owner: stored once.
    await other.sessions.sandbox(whatsappId, companyId)!.receive({ from: '5561981239999', body: 'antes do kill', id: 'KILL-DUP-1' });
    const [row] = await other.owner`select count(*)::int as n from messages where whatsapp_id = ${whatsappId} and wa_message_id = 'KILL-DUP-1'`;
    expect(row!.n).toBe(1);
  }, 90_000);
});
