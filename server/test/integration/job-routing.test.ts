import { randomBytes } from 'node:crypto';
import { ACK } from '@balcao/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';
import { Jobs } from '../../src/infra/jobs';
import { createSendWorker } from '../../src/modules/messages/messages.jobs';
import { createJobRouting } from '../../src/modules/whatsapp/job-routing';
import { BaileysChannel } from '../../src/modules/whatsapp/baileys/baileys.channel';
import { toPnJid } from '../../src/modules/whatsapp/baileys/phone';
import { FakeSocket } from '../../src/modules/whatsapp/baileys/test/fake-socket';
import { incomingText } from '../../src/modules/whatsapp/baileys/test/messages';
import { ChannelError } from '../../src/modules/whatsapp/whatsapp.port';
import { createInboundMedia } from '../../src/modules/messages/inbound/inbound-media';
import { incomingMedia, MediaServer } from '../../src/modules/whatsapp/baileys/test/media-server';
import { jsonSafe } from '../../src/modules/whatsapp/baileys/stored-message';

// Two processes' worth of app on one database; a Baileys connection's socket lives in one of
// them. A send job fetched by the other is handed to the owner's queue (decision 0011).
const key = randomBytes(32);
const CUSTOMER = '5561981237777';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: TestApp;
let two: TestApp;
let jobs: Jobs;
let a: TestCompany;
let whatsappId: number;
let ticketId: number;
let contactId: number;
const sockets = { one: [] as FakeSocket[], two: [] as FakeSocket[] };
const factory = (list: FakeSocket[]) => () => {
  const s = new FakeSocket({ registered: [toPnJid(CUSTOMER)] });
  list.push(s);
  return s;
};
const sentBy = (list: FakeSocket[]) => list.flatMap((s) => s.sent.map((m) => m.message.key.id));
const meta = { retryCount: 0, retryLimit: 8 };

/** An outgoing message written the way queueOutbound writes it (ack 0), without its job. */
const outgoing = async (body: string) => {
  const waId = `BAL${randomBytes(10).toString('hex').toUpperCase()}`;
  const [row] = await one.owner`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, ack, read)
    values (${a.companyId}, ${ticketId}, ${contactId}, ${whatsappId}, ${waId}, ${body}, true, 0, true) returning id`;
  return { id: row!.id as number, waId };
};
const ackOf = async (id: number) => (await one.owner`select ack, error_code from messages where id = ${id}`)[0] as { ack: number; error_code: string | null };

beforeAll(async () => {
  db = await createTestDatabase();
  // Neither process scans on its own during the test: claims happen when the test says so.
  one = await createTestApp({ db, config: { waEncryptionKey: key }, baileysSocketFactory: factory(sockets.one), leaseScanMs: 60_000 });
  a = await createCompany(one);
  const [w] = await one.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, 'Loja', 'baileys', 'CONNECTED') returning id`;
  whatsappId = w!.id as number;
  await one.sessions.claimOrphans();
  sockets.one[0]!.open();
  sockets.one[0]!.upsert([incomingText(CUSTOMER, 'Oi')]);
  await (one.sessions.get(whatsappId) as BaileysChannel).idle();
  const [t] = await one.owner`select t.id, t.contact_id from tickets t where t.whatsapp_id = ${whatsappId}`;
  ticketId = t!.id as number;
  contactId = t!.contact_id as number;
  two = await createTestApp({ db, config: { waEncryptionKey: key }, baileysSocketFactory: factory(sockets.two), leaseScanMs: 60_000 });
  jobs = await Jobs.start(db.ownerUrl);
});
afterAll(async () => {
  await jobs?.stop();
  await one?.close();
  await two?.close();
  await db?.drop();
});

describe('send routing', () => {
  it('hands a job fetched by a process without the socket to the owner, which sends it once', async () => {
    expect(one.sessions.owned()).toContain(whatsappId);
    expect(two.sessions.get(whatsappId)).toBeUndefined();
    const m = await outgoing('Enviada pelo dono');
    const routing = createJobRouting({ data: two.data, jobs });
    const worker = createSendWorker({ data: two.data, sessions: two.sessions, media: two.media, forwardToOwner: (data, id) => routing.forwardToOwner('message.send', data, id) });
    // Completes without error: the job now waits in the owner's queue, not in a retry.
    await worker({ companyId: a.companyId, messageId: m.id }, meta);
    await vi.waitFor(async () => expect((await ackOf(m.id)).ack).toBeGreaterThanOrEqual(ACK.SERVER), { timeout: 15_000, interval: 50 });
    expect(sentBy(sockets.one).filter((id) => id === m.waId)).toHaveLength(1);
    expect(sockets.two).toHaveLength(0);
  });

  it('without a hand-off the same job fails temporarily where there is no socket', async () => {
    const m = await outgoing('Sem dono aqui');
    const worker = createSendWorker({ data: two.data, sessions: two.sessions, media: two.media });
    const err = await worker({ companyId: a.companyId, messageId: m.id }, meta).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelError);
    expect((err as ChannelError).code).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(await ackOf(m.id)).toEqual({ ack: 0, error_code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it("keeps jobs in the connection's queue while nobody owns it; the next owner sends them", async () => {
    // The owner "dies": its lease connection is gone, it closes its channel and stops the queue.
    await one.owner`select pg_terminate_backend(${one.leases.backendPid()!})`;
    await vi.waitFor(() => expect(one.sessions.owned()).toEqual([]), { timeout: 30_000, interval: 20 });

    const m = await outgoing('Esperando o novo dono');
    const routing = createJobRouting({ data: two.data, jobs });
    // Live nowhere: not handed over (the shared queue's retry applies instead).
    expect(await routing.forwardToOwner('message.send', { companyId: a.companyId, messageId: m.id }, whatsappId)).toBe(false);
    // A hand-off made just before the owner died sits in the connection's queue.
    await jobs.forward('message.send', whatsappId, { companyId: a.companyId, messageId: m.id });

    await two.sessions.claimOrphans();
    expect(two.sessions.owned()).toContain(whatsappId);
    sockets.two[0]!.open();
    await vi.waitFor(async () => expect((await ackOf(m.id)).ack).toBeGreaterThanOrEqual(ACK.SERVER), { timeout: 20_000, interval: 50 });
    expect(sentBy(sockets.two)).toContain(m.waId);
    expect(sentBy(sockets.one)).not.toContain(m.waId);
  });

  it("hands a media download to the process holding the socket, which stores the file", async () => {
    // The owner is now `two`; `one` has no socket for the connection.
    expect(two.sessions.owned()).toContain(whatsappId);
    const cdn = await MediaServer.start();
    try {
      const bytes = randomBytes(4_000);
      const msg = await incomingMedia(cdn, CUSTOMER, { image: bytes, mimetype: 'image/jpeg', jpegThumbnail: '' });
      // Stored without its file, as after a failed download at receipt (and no job of its own).
      const [row] = await one.owner`
        insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, media_type, raw)
        values (${a.companyId}, ${ticketId}, ${contactId}, ${whatsappId}, ${msg.key.id!}, '', false, 'image', ${one.owner.json(jsonSafe(msg) as never)}) returning id`;
      const job = { companyId: a.companyId, messageId: row!.id as number, mimetype: 'image/jpeg' };
      const routing = createJobRouting({ data: one.data, jobs });
      const fetcher = createInboundMedia({ data: one.data, media: one.media });
      await fetcher.retry(job, (id) => one.sessions.sender(id), meta, (j, id) => routing.forwardToOwner('media.download', j, id));
      const stored = await vi.waitFor(
        async () => {
          const [m] = await one.owner`select media_url from messages where id = ${job.messageId}`;
          expect(m!.media_url).toBeTruthy();
          return m!.media_url as string;
        },
        { timeout: 15_000, interval: 50 },
      );
      expect((await two.media.read(a.companyId, stored)).equals(bytes)).toBe(true);
      // Without the hand-off the same job fails where there is no socket.
      await one.owner`update messages set media_url = null where id = ${job.messageId}`;
      await expect(fetcher.retry(job, (id) => one.sessions.sender(id), meta)).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    } finally {
      await cdn.close();
    }
  });

  it("hands an admin's restart to the owner, and drops a command that waited too long", async () => {
    expect(two.sessions.owned()).toContain(whatsappId);
    const before = sockets.two.at(-1)!;
    // A logout asked two minutes ago (its process died before handing it on): never applied.
    const stale = new Date(Date.now() - 2 * 60_000).toISOString();
    await jobs.forward('session.command', whatsappId, { companyId: a.companyId, whatsappId, action: 'logout', at: stale });
    // "Try again", clicked on the process without the socket: the owner restarts it.
    const r = await api(one, a.adminToken).put(`/whatsappsession/${whatsappId}`);
    expect(r.status).toBe(200);
    await vi.waitFor(() => expect(sockets.two.at(-1)).not.toBe(before), { timeout: 15_000, interval: 50 });
    expect(before.ended).toBeDefined();
    expect(before.loggedOut).toBe(false);
    expect(sockets.one.length).toBe(1);
    expect(two.sessions.owned()).toContain(whatsappId);
    sockets.two.at(-1)!.open();
  });

  it("hands an admin's disconnect to the owner: the device is logged out and the row DISCONNECTED", async () => {
    const live = sockets.two.at(-1)!;
    await vi.waitFor(async () => expect((await one.owner`select status from whatsapps where id = ${whatsappId}`)[0]!.status).toBe('CONNECTED'), { timeout: 10_000, interval: 50 });
    const r = await api(one, a.adminToken).del(`/whatsappsession/${whatsappId}`);
    expect(r.status).toBe(200);
    await vi.waitFor(() => expect(live.loggedOut).toBe(true), { timeout: 15_000, interval: 50 });
    await vi.waitFor(async () => expect((await one.owner`select status from whatsapps where id = ${whatsappId}`)[0]!.status).toBe('DISCONNECTED'), { timeout: 10_000, interval: 50 });
    expect(Number((await one.owner`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${whatsappId}`)[0]!.n)).toBe(0);
  });
});
