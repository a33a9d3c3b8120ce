/**
 * The WhatsAppChannel contract: one suite of behaviours every adapter must show, run against
 * the sandbox (a simulated phone) and Baileys over the FakeSocket (the real adapter, with the
 * network stood in for). Then what only Baileys has: the failure policy driving real sockets.
 */
import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_ATTEMPTS } from './failure-policy';
import * as sessionEvents from './session-events.repository';
import { createInbound } from '../messages/inbound/inbound';
import { SessionManager } from './session-manager';
import * as whatsappRepo from './whatsapp.repository';
import { BaileysChannel } from './baileys/baileys.channel';
import { DEFAULT_USER, FakeSocket } from './baileys/test/fake-socket';
import { incomingText as textFrom } from './baileys/test/messages';
import { baileysHarness, baileysWorld, CUSTOMER, newConnection, record, sandboxHarness, tick, useContractEnv } from './test/contract-harness';
import { CLOUD_LACKS, cloudHarness, itWhere, useFakeGraph, type CloudLack } from './cloud/test/cloud-harness';

const env = useContractEnv();
const fake = useFakeGraph();
const none: ReadonlySet<CloudLack> = new Set();


describe.each([
  { adapter: 'sandbox', make: () => sandboxHarness(env), lacks: none },
  { adapter: 'baileys (FakeSocket)', make: () => baileysHarness(env), lacks: none },
  { adapter: 'cloud (fake Graph API)', make: () => cloudHarness(env, fake), lacks: CLOUD_LACKS },
])('WhatsAppChannel contract: $adapter', ({ make, lacks }) => {
  it('connects: CONNECTED is emitted with our number', async () => {
    const h = await make();
    await h.connect();
    const last = h.seen.statuses.at(-1)!;
    expect(last.status).toBe('CONNECTED');
    expect(last.number).toMatch(/^\d+$/);
    expect(h.seen.statuses.map((s) => s.status)).not.toContain('DISCONNECTED');
    await h.channel.disconnect();
  });

  it("delivers a customer's text as a message event with the normalized number and body", async () => {
    const h = await make();
    await h.connect();
    const id = await h.customerSends(CUSTOMER, 'Olá, preciso de ajuda');
    expect(h.seen.messages).toEqual([
      expect.objectContaining({ id, from: CUSTOMER, body: 'Olá, preciso de ajuda', isGroup: false, fromMe: false, pushName: 'Cliente' }),
    ]);
    expect(h.seen.messages[0]!.timestamp).toBeInstanceOf(Date);
    expect(h.seen.messages[0]!.mediaType ?? null).toBeNull();
    await h.channel.disconnect();
  });

  it('sends a text the customer receives under our id, without echoing it back as inbound', async () => {
    const h = await make();
    await h.connect();
    const ref = await h.channel.send(CUSTOMER, { kind: 'text', text: 'Bom dia!' }, { id: 'OUR-ID-1' });
    await h.settle();
    // Baileys also returns its own copy of the message (`raw`); the id is the contract.
    expect(ref.id).toBe('OUR-ID-1');
    expect(await h.customerReceived(CUSTOMER)).toEqual([{ id: 'OUR-ID-1', body: 'Bom dia!' }]);
    expect(h.seen.messages).toEqual([]);
    await h.channel.disconnect();
  });

  it('reports acks of a sent message in order: delivered (3), then read (4)', async () => {
    const h = await make();
    await h.connect();
    await h.channel.send(CUSTOMER, { kind: 'text', text: 'Chegou?' }, { id: 'OUR-ID-2' });
    await h.deliverAndRead('OUR-ID-2');
    expect(h.seen.acks.filter((a) => a.id === 'OUR-ID-2')).toEqual([
      { id: 'OUR-ID-2', ack: 3 },
      { id: 'OUR-ID-2', ack: 4 },
    ]);
    await h.channel.disconnect();
  });

  itWhere(lacks, 'customer-edits')("delivers the customer's edit, revoke and reaction as events naming the target message; none is a message", async () => {
    const h = await make();
    await h.connect();
    const id = await h.customerSends(CUSTOMER, 'Quero 2 pizzas');
    await h.customerEdits(CUSTOMER, id, 'Quero 3 pizzas');
    await h.customerReacts(CUSTOMER, id, '👍');
    await h.customerReacts(CUSTOMER, id, '');
    await h.customerRevokes(CUSTOMER, id);
    expect(h.seen.edits).toEqual([{ id, body: 'Quero 3 pizzas', at: expect.any(Date) }]);
    expect(h.seen.reactions).toEqual([
      { id: expect.any(String), targetId: id, emoji: '👍', fromMe: false, from: CUSTOMER },
      { id: expect.any(String), targetId: id, emoji: '', fromMe: false, from: CUSTOMER },
    ]);
    expect(h.seen.revokes).toEqual([{ id }]);
    expect(h.seen.messages.map((m) => m.id)).toEqual([id]);
    await h.channel.disconnect();
  });

  itWhere(lacks, 'calls')('delivers a call offer as a call event and declines it on request', async () => {
    const h = await make();
    await h.connect();
    const id = await h.customerCalls(CUSTOMER, true);
    expect(h.seen.calls).toEqual([{ id, from: CUSTOMER, isVideo: true, at: expect.any(Date) }]);
    expect(h.rejectedCalls()).toEqual([]);
    await h.channel.rejectCall(id, CUSTOMER);
    expect(h.rejectedCalls()).toEqual([id]);
    expect(h.seen.messages).toEqual([]);
    await h.channel.disconnect();
  });

  it('stops events on disconnect: DISCONNECTED, then no acks', async () => {
    const h = await make();
    await h.connect();
    await h.channel.send(CUSTOMER, { kind: 'text', text: 'Até logo' }, { id: 'OUR-ID-3' });
    await h.channel.disconnect();
    expect(h.seen.statuses.at(-1)!.status).toBe('DISCONNECTED');
    const statuses = h.seen.statuses.length;
    await h.deliverAndRead('OUR-ID-3');
    expect(h.seen.acks).toEqual([]);
    expect(h.seen.statuses).toHaveLength(statuses);
  });
});

const timeline = async (whatsappId: number) =>
  (await env.app.data.withTenant({ companyId: env.company.companyId }, ({ tx }) => sessionEvents.listLatest(tx, env.company.companyId, whatsappId, 100)))
    .reverse()
    .map((e) => ({ status: e.status, code: e.code }));

const authRows = async (whatsappId: number) => Number((await env.app.owner`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${whatsappId}`)[0]!.n);

describe('BaileysChannel', () => {
  it('shows the QR code, and on 515 after pairing restarts on a new socket without DISCONNECTED', async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().qr('QR-REF-1');
    await w.settle();
    expect(seen.statuses.at(-1)).toEqual({ status: 'qrcode', qrcode: 'QR-REF-1' });

    const first = w.current();
    first.close(515);
    await w.settle();
    expect(w.sockets).toHaveLength(2);
    expect(first.ended).toBeDefined();
    w.current().open();
    await w.settle();

    expect(seen.statuses.map((s) => s.status)).toEqual(['OPENING', 'qrcode', 'OPENING', 'CONNECTED']);
    expect(seen.statuses.at(-1)!.number).toBe('5561999990000');
    expect(w.scheduled).toEqual([]);
    // The old socket is deaf: its late events reach nobody.
    first.qr('STALE');
    first.upsert([textFrom(CUSTOMER, 'pelo socket velho')]);
    await w.settle();
    expect(seen.statuses).toHaveLength(4);
    expect(seen.messages).toEqual([]);
    await w.channel.disconnect();
  });

  it('on 401 wipes the keys and stays DISCONNECTED, without reconnecting', async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().open();
    w.current().emit('creds.update', { registered: true });
    await w.settle();
    await w.factoryOpts[0]!.auth.keys.set({ session: { '5561981234567.0': Buffer.from('session') } });
    expect(await authRows(w.whatsappId)).toBeGreaterThan(1);

    w.current().close(401);
    await w.settle();
    await w.runTimers();
    expect(await authRows(w.whatsappId)).toBe(0);
    expect(seen.statuses.at(-1)!.status).toBe('DISCONNECTED');
    expect(w.sockets).toHaveLength(1);
    expect(w.current().ended).toBeDefined();
    await expect(w.channel.send(CUSTOMER, { kind: 'text', text: 'x' }, { id: 'X' })).rejects.toThrow('ERR_WAPP_NOT_INITIALIZED');
  });

  it("on 428 reconnects after the policy's delay, and gives up after a bounded number of sockets", async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().open();
    await w.settle();

    w.current().close(428);
    await w.settle();
    expect(seen.statuses.at(-1)!.status).toBe('TIMEOUT');
    expect(w.sockets).toHaveLength(1);
    expect(w.scheduled.map((t) => t.ms)).toEqual([backoffMs(1, () => 0)]);
    await w.runTimers();
    expect(w.sockets).toHaveLength(2);

    // The network keeps failing: each retry waits longer, then the channel stops.
    const delays: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS + 3; i += 1) {
      w.current().close(428);
      await w.settle();
      delays.push(...w.scheduled.map((t) => t.ms));
      await w.runTimers();
    }
    expect(w.sockets.length).toBeLessThanOrEqual(1 + MAX_ATTEMPTS);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(seen.statuses.at(-1)!.status).toBe('DISCONNECTED');
    const created = w.sockets.length;
    await w.runTimers();
    expect(w.sockets).toHaveLength(created);
  });

  it('a reconnect pending when disconnect() is called never happens', async () => {
    const w = await baileysWorld(env);
    await w.channel.connect();
    w.current().open();
    await w.settle();
    w.current().close(428);
    await w.settle();
    expect(w.scheduled).toHaveLength(1);
    await w.channel.disconnect();
    expect(w.scheduled[0]!.cancelled).toBe(true);
    w.scheduled[0]!.fn();
    await w.settle();
    expect(w.sockets).toHaveLength(1);
  });

  it('stores every transition in whatsapp_session_events, in order', async () => {
    const w = await baileysWorld(env);
    const seen = record(w.channel);
    await w.channel.connect();
    w.current().qr('QR-1');
    w.current().qr('QR-2');
    await w.settle();
    w.current().close(515);
    await w.settle();
    w.current().open();
    await w.settle();
    w.current().close(428);
    await w.settle();
    await w.runTimers();
    w.current().open();
    await w.settle();
    await w.channel.disconnect();

    expect(await timeline(w.whatsappId)).toEqual([
      { status: 'OPENING', code: null },
      { status: 'qrcode', code: null },
      { status: 'OPENING', code: 515 },
      { status: 'CONNECTED', code: null },
      { status: 'TIMEOUT', code: 428 },
      { status: 'CONNECTED', code: null },
      { status: 'DISCONNECTED', code: null },
    ]);
    // A refreshed QR is a status (the UI shows the new code) but not a new timeline entry.
    expect(seen.statuses.filter((s) => s.status === 'qrcode').map((s) => s.qrcode)).toEqual(['QR-1', 'QR-2']);
  });

  it('keeps the auth creds across a restart of the channel (same database, new instance)', async () => {
    const w = await baileysWorld(env);
    await w.channel.connect();
    const creds = w.factoryOpts[0]!.auth.creds;
    creds.me = { id: DEFAULT_USER.id, name: 'Balcão Loja' };
    creds.registered = true;
    w.current().emit('creds.update', { me: creds.me, registered: true });
    w.current().open();
    await w.settle();
    await w.channel.disconnect();

    const again = await baileysWorld(env, w.whatsappId);
    await again.channel.connect();
    const loaded = again.factoryOpts[0]!.auth.creds;
    expect(loaded.me).toEqual(creds.me);
    expect(loaded.registered).toBe(true);
    expect(loaded.noiseKey.private).toEqual(creds.noiseKey.private);
    expect(loaded.signedIdentityKey.public).toEqual(creds.signedIdentityKey.public);
    await again.channel.disconnect();
  });
});

describe('SessionManager with the Baileys adapter', () => {
  it("runs a 'baileys' connection: QR and CONNECTED on the connection row, inbound text stored", async () => {
    const sockets: FakeSocket[] = [];
    const sessions = new SessionManager({
      data: env.app.data,
      inbound: createInbound(env.app.data),
      sandboxEnabled: false,
      baileys: {
        encryptionKey: env.key,
        socketFactory: () => {
          const s = new FakeSocket();
          sockets.push(s);
          return s;
        },
      },
    });
    const whatsappId = await newConnection(env, 'baileys');
    const row = await env.app.data.withTenant({ companyId: env.company.companyId }, ({ tx }) => whatsappRepo.get(tx, env.company.companyId, whatsappId));
    const channel = await sessions.start(row!, []);
    expect(channel).toBeInstanceOf(BaileysChannel);
    const settle = async () => {
      await tick();
      await (channel as BaileysChannel).idle();
    };
    const stored = async () => (await env.app.owner`select status, qrcode, number from whatsapps where id = ${whatsappId}`)[0]!;

    sockets[0]!.qr('QR-ROW');
    await settle();
    expect(await stored()).toMatchObject({ status: 'qrcode', qrcode: 'QR-ROW' });
    sockets[0]!.open();
    await settle();
    expect(await stored()).toMatchObject({ status: 'CONNECTED', number: '5561999990000' });

    const msg = textFrom(CUSTOMER, 'Quero um orçamento');
    sockets[0]!.upsert([msg]);
    await settle();
    const rows = await env.app.owner`select body from messages where whatsapp_id = ${whatsappId} and wa_message_id = ${msg.key.id!}`;
    expect(rows.map((r) => r.body)).toEqual(['Quero um orçamento']);

    await sessions.stop(whatsappId);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.ended).toBeDefined();
  });
});
