/**
 * The WhatsAppChannel contract: one suite of behaviours every adapter must show, run against
 * the sandbox (a simulated phone) and Baileys over the FakeSocket (the real adapter, with the
 * network stood in for). Then what only Baileys has: the failure policy driving real sockets.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { backoffMs, MAX_ATTEMPTS } from './failure-policy';
import * as sessionEvents from './session-events.repository';
import type { AckUpdate, CallOffer, EditUpdate, InboundMessage, ReactionUpdate, RevokeUpdate, StatusUpdate, WhatsAppChannel } from './whatsapp.port';
import { SandboxChannel } from './sandbox/sandbox.channel';
import { createInbound } from './inbound';
import { SessionManager } from './session-manager';
import * as whatsappRepo from './whatsapp.repository';
import { createSandboxStore } from './sandbox/sandbox.store';
import { BaileysChannel, type Scheduler } from './baileys/baileys.channel';
import { toPnJid } from './baileys/phone';
import type { BaileysSocketOptions } from './baileys/socket';
import { DEFAULT_USER, FakeSocket } from './baileys/test/fake-socket';
import { callOffer, incomingEdit, incomingReaction, incomingRevoke, incomingText as textFrom, RECEIPT } from './baileys/test/messages';

let app: TestApp;
let company: TestCompany;
const key = randomBytes(32);

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
});
afterAll(() => app.close());

const CUSTOMER = '5561981234567';
const tick = () => new Promise<void>((r) => setImmediate(r));

let seq = 0;
const newConnection = async (provider: 'sandbox' | 'baileys'): Promise<number> => {
  const [row] = await app.owner`insert into whatsapps (company_id, name, provider) values (${company.companyId}, ${`contract ${provider} ${++seq}`}, ${provider}) returning id`;
  return row!.id as number;
};

/** What a test sees of a channel: every event, in order. */
const record = (channel: WhatsAppChannel) => {
  const seen = {
    statuses: [] as StatusUpdate[],
    messages: [] as InboundMessage[],
    acks: [] as AckUpdate[],
    edits: [] as EditUpdate[],
    revokes: [] as RevokeUpdate[],
    reactions: [] as ReactionUpdate[],
    calls: [] as CallOffer[],
  };
  channel.on('status', (s) => void seen.statuses.push(s));
  channel.on('message', (m) => void seen.messages.push(m));
  channel.on('ack', (a) => void seen.acks.push(a));
  channel.on('edit', (e) => void seen.edits.push(e));
  channel.on('revoke', (r) => void seen.revokes.push(r));
  channel.on('reaction', (r) => void seen.reactions.push(r));
  channel.on('call', (c) => void seen.calls.push(c));
  return seen;
};

interface Harness {
  channel: WhatsAppChannel;
  seen: ReturnType<typeof record>;
  /** Brings the channel up the way its network would (Baileys: a QR, then open). */
  connect(): Promise<void>;
  /** The customer sends us a text; resolves once the channel has handled it. */
  customerSends(from: string, body: string): Promise<string>;
  /** What the customer's phone has received from us. */
  customerReceived(to: string): Promise<{ id: string; body: string }[]>;
  /** The customer's phone reports our message delivered, then read (sandbox: by itself). */
  deliverAndRead(id: string): Promise<void>;
  /** The customer edits, deletes or reacts to their message `id`; resolves once handled. */
  customerEdits(from: string, id: string, body: string): Promise<void>;
  customerRevokes(from: string, id: string): Promise<void>;
  customerReacts(from: string, id: string, emoji: string): Promise<void>;
  /** The customer calls; returns the call id. */
  customerCalls(from: string, isVideo: boolean): Promise<string>;
  /** Call ids the channel declined on the network. */
  rejectedCalls(): string[];
  /** Lets in-flight work finish. */
  settle(): Promise<void>;
}

const sandboxHarness = async (): Promise<Harness> => {
  const whatsappId = await newConnection('sandbox');
  const store = createSandboxStore(app.data, company.companyId, whatsappId);
  const channel = new SandboxChannel(whatsappId, store, { deliveredAfterMs: 5, readAfterMs: 15 });
  const seen = record(channel);
  return {
    channel,
    seen,
    connect: () => channel.connect(),
    customerSends: (from, body) => channel.receive({ from, body, name: 'Cliente' }),
    customerReceived: async (to) => (await store.outbox(to)).map((o) => ({ id: o.id, body: o.body })),
    customerEdits: (_from, id, body) => channel.customerEdits(id, body),
    customerRevokes: (_from, id) => channel.customerRevokes(id),
    customerReacts: async (from, id, emoji) => {
      await channel.customerReacts(id, emoji, from);
    },
    customerCalls: (from, isVideo) => channel.customerCalls(from, { isVideo }),
    rejectedCalls: () => channel.rejectedCalls.map((c) => c.id),
    // The simulated phone acks by itself (timers plus a database write each).
    deliverAndRead: async (id) => {
      await vi.waitFor(() => expect(seen.acks.filter((a) => a.id === id).length).toBeGreaterThanOrEqual(2), { timeout: 2_000 }).catch(() => undefined);
    },
    settle: async () => {
      await new Promise((r) => setTimeout(r, 60));
    },
  };
};

interface BaileysWorld {
  whatsappId: number;
  sockets: FakeSocket[];
  factoryOpts: BaileysSocketOptions[];
  scheduled: { fn: () => void; ms: number; cancelled: boolean }[];
  channel: BaileysChannel;
  current(): FakeSocket;
  settle(): Promise<void>;
  /** Runs the timers the channel asked for (no real waiting). */
  runTimers(): Promise<void>;
}

const baileysWorld = async (whatsappId?: number): Promise<BaileysWorld> => {
  const id = whatsappId ?? (await newConnection('baileys'));
  const sockets: FakeSocket[] = [];
  const factoryOpts: BaileysSocketOptions[] = [];
  const scheduled: BaileysWorld['scheduled'] = [];
  const schedule: Scheduler = (fn, ms) => {
    const t = { fn, ms, cancelled: false };
    scheduled.push(t);
    return () => {
      t.cancelled = true;
    };
  };
  const channel = new BaileysChannel({
    whatsappId: id,
    companyId: company.companyId,
    data: app.data,
    encryptionKey: key,
    socketFactory: (opts) => {
      factoryOpts.push(opts);
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    jitter: () => 0,
    schedule,
  });
  const settle = async () => {
    await tick();
    await channel.idle();
    await tick();
    await channel.idle();
  };
  return {
    whatsappId: id,
    sockets,
    factoryOpts,
    scheduled,
    channel,
    current: () => sockets.at(-1)!,
    settle,
    runTimers: async () => {
      for (const t of scheduled.splice(0)) if (!t.cancelled) t.fn();
      await settle();
    },
  };
};

const baileysHarness = async (): Promise<Harness> => {
  const w = await baileysWorld();
  const seen = record(w.channel);
  return {
    channel: w.channel,
    seen,
    connect: async () => {
      await w.channel.connect();
      w.current().qr('QR-REF-1');
      await w.settle();
      w.current().open();
      await w.settle();
    },
    customerSends: async (from, body) => {
      const msg = textFrom(from, body);
      w.current().upsert([msg]);
      await w.settle();
      return msg.key.id!;
    },
    customerEdits: async (from, id, body) => {
      w.current().upsert([incomingEdit(from, id, body)]);
      await w.settle();
    },
    customerRevokes: async (from, id) => {
      w.current().upsert([incomingRevoke(from, id)]);
      await w.settle();
    },
    customerReacts: async (from, id, emoji) => {
      w.current().upsert([incomingReaction(from, id, emoji)]);
      await w.settle();
    },
    customerCalls: async (from, isVideo) => {
      const offer = callOffer(from, { isVideo });
      w.current().call([offer]);
      await w.settle();
      return offer.id;
    },
    rejectedCalls: () => w.sockets.flatMap((s) => s.rejectedCalls.map((c) => c.callId)),
    customerReceived: async (to) =>
      w.sockets
        .flatMap((s) => s.sent)
        .filter((s) => s.jid === toPnJid(to))
        .map((s) => ({ id: s.message.key.id!, body: 'text' in s.content ? String(s.content.text) : '' })),
    deliverAndRead: async (id) => {
      // Whatever socket sent it: after a disconnect, the old socket's receipts must not be heard.
      const sock = w.sockets.find((s) => s.sent.some((m) => m.message.key.id === id)) ?? w.current();
      sock.ack(id, RECEIPT.delivered);
      sock.ack(id, RECEIPT.read);
      await w.settle();
    },
    settle: w.settle,
  };
};

describe.each([
  { adapter: 'sandbox', make: sandboxHarness },
  { adapter: 'baileys (FakeSocket)', make: baileysHarness },
])('WhatsAppChannel contract: $adapter', ({ make }) => {
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
    const ref = await h.channel.send(CUSTOMER, { text: 'Bom dia!' }, { id: 'OUR-ID-1' });
    await h.settle();
    expect(ref).toEqual({ id: 'OUR-ID-1' });
    expect(await h.customerReceived(CUSTOMER)).toEqual([{ id: 'OUR-ID-1', body: 'Bom dia!' }]);
    expect(h.seen.messages).toEqual([]);
    await h.channel.disconnect();
  });

  it('reports acks of a sent message in order: delivered (3), then read (4)', async () => {
    const h = await make();
    await h.connect();
    await h.channel.send(CUSTOMER, { text: 'Chegou?' }, { id: 'OUR-ID-2' });
    await h.deliverAndRead('OUR-ID-2');
    expect(h.seen.acks.filter((a) => a.id === 'OUR-ID-2')).toEqual([
      { id: 'OUR-ID-2', ack: 3 },
      { id: 'OUR-ID-2', ack: 4 },
    ]);
    await h.channel.disconnect();
  });

  it("delivers the customer's edit, revoke and reaction as events naming the target message; none is a message", async () => {
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

  it('delivers a call offer as a call event and declines it on request', async () => {
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
    await h.channel.send(CUSTOMER, { text: 'Até logo' }, { id: 'OUR-ID-3' });
    await h.channel.disconnect();
    expect(h.seen.statuses.at(-1)!.status).toBe('DISCONNECTED');
    const statuses = h.seen.statuses.length;
    await h.deliverAndRead('OUR-ID-3');
    expect(h.seen.acks).toEqual([]);
    expect(h.seen.statuses).toHaveLength(statuses);
  });
});

const timeline = async (whatsappId: number) =>
  (await app.data.withTenant({ companyId: company.companyId }, ({ tx }) => sessionEvents.listLatest(tx, company.companyId, whatsappId, 100)))
    .reverse()
    .map((e) => ({ status: e.status, code: e.code }));

const authRows = async (whatsappId: number) => Number((await app.owner`select count(*)::int as n from whatsapp_auth where whatsapp_id = ${whatsappId}`)[0]!.n);

describe('BaileysChannel', () => {
  it('shows the QR code, and on 515 after pairing restarts on a new socket without DISCONNECTED', async () => {
    const w = await baileysWorld();
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
    const w = await baileysWorld();
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
    await expect(w.channel.send(CUSTOMER, { text: 'x' }, { id: 'X' })).rejects.toThrow('ERR_WAPP_NOT_INITIALIZED');
  });

  it("on 428 reconnects after the policy's delay, and gives up after a bounded number of sockets", async () => {
    const w = await baileysWorld();
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
    const w = await baileysWorld();
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
    const w = await baileysWorld();
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
    const w = await baileysWorld();
    await w.channel.connect();
    const creds = w.factoryOpts[0]!.auth.creds;
    creds.me = { id: DEFAULT_USER.id, name: 'Balcão Loja' };
    creds.registered = true;
    w.current().emit('creds.update', { me: creds.me, registered: true });
    w.current().open();
    await w.settle();
    await w.channel.disconnect();

    const again = await baileysWorld(w.whatsappId);
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
      data: app.data,
      inbound: createInbound(app.data),
      sandboxEnabled: false,
      baileys: {
        encryptionKey: key,
        socketFactory: () => {
          const s = new FakeSocket();
          sockets.push(s);
          return s;
        },
      },
    });
    const whatsappId = await newConnection('baileys');
    const row = await app.data.withTenant({ companyId: company.companyId }, ({ tx }) => whatsappRepo.get(tx, company.companyId, whatsappId));
    const channel = await sessions.start(row!, []);
    expect(channel).toBeInstanceOf(BaileysChannel);
    const settle = async () => {
      await tick();
      await (channel as BaileysChannel).idle();
    };
    const stored = async () => (await app.owner`select status, qrcode, number from whatsapps where id = ${whatsappId}`)[0]!;

    sockets[0]!.qr('QR-ROW');
    await settle();
    expect(await stored()).toMatchObject({ status: 'qrcode', qrcode: 'QR-ROW' });
    sockets[0]!.open();
    await settle();
    expect(await stored()).toMatchObject({ status: 'CONNECTED', number: '5561999990000' });

    const msg = textFrom(CUSTOMER, 'Quero um orçamento');
    sockets[0]!.upsert([msg]);
    await settle();
    const rows = await app.owner`select body from messages where whatsapp_id = ${whatsappId} and wa_message_id = ${msg.key.id!}`;
    expect(rows.map((r) => r.body)).toEqual(['Quero um orçamento']);

    await sessions.stop(whatsappId);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.ended).toBeDefined();
  });
});
