/**
 * The contract suites' harness: one `Harness` per adapter (the sandbox, Baileys over the
 * FakeSocket, and the Cloud API over the fake Graph API in `cloud/test/cloud-harness.ts`), so
 * every `channel.contract.*.test.ts` runs the same behaviours against each.
 * A harness drives the network side ("the customer sends…") and records every port event.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, vi, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import type { AckUpdate, CallOffer, EditUpdate, InboundMessage, ReactionUpdate, RevokeUpdate, StatusUpdate, WhatsAppChannel, PresenceUpdate, Presence } from '../whatsapp.port';
import { SandboxChannel } from '../sandbox/sandbox.channel';
import { createSandboxStore } from '../sandbox/sandbox.store';
import { BaileysChannel, type BaileysChannelOptions, type Scheduler } from '../baileys/baileys.channel';
import { toPnJid } from '../baileys/phone';
import type { BaileysSocketOptions } from '../baileys/socket';
import { FakeSocket } from '../baileys/test/fake-socket';
import { toSandboxInput, type CustomerContent } from './customer-content';
import { toBaileysMessage } from '../baileys/test/media-server';
import { baileysView, sandboxView, type PhoneView } from './outbound-view';
import { callOffer, incomingEdit, incomingReaction, incomingRevoke, incomingText as textFrom, RECEIPT } from '../baileys/test/messages';

export interface ContractEnv {
  app: TestApp;
  company: TestCompany;
  /** The auth state's encryption key. */
  key: Buffer;
}

/**
 * The file's app (its own database) and company, created before its tests and closed after:
 * read `env.app`/`env.company` inside tests and hooks, not at module load.
 */
export const useContractEnv = (): ContractEnv => {
  const env = { key: randomBytes(32) } as ContractEnv;
  beforeAll(async () => {
    env.app = await createTestApp();
    env.company = await createCompany(env.app);
  });
  afterAll(() => env.app?.close());
  return env;
};

export const CUSTOMER = '5561981234567';
export const tick = () => new Promise<void>((r) => setImmediate(r));

let seq = 0;
export const newConnection = async ({ app, company }: ContractEnv, provider: 'sandbox' | 'baileys' | 'cloud'): Promise<number> => {
  const [row] = await app.owner`insert into whatsapps (company_id, name, provider) values (${company.companyId}, ${`contract ${provider} ${++seq}`}, ${provider}) returning id`;
  return row!.id as number;
};

/** What a test sees of a channel: every event, in order. */
export const record = (channel: WhatsAppChannel) => {
  const seen = {
    statuses: [] as StatusUpdate[],
    messages: [] as InboundMessage[],
    acks: [] as AckUpdate[],
    edits: [] as EditUpdate[],
    revokes: [] as RevokeUpdate[],
    reactions: [] as ReactionUpdate[],
    calls: [] as CallOffer[],
    presences: [] as PresenceUpdate[],
  };
  channel.on('status', (s) => void seen.statuses.push(s));
  channel.on('message', (m) => void seen.messages.push(m));
  channel.on('ack', (a) => void seen.acks.push(a));
  channel.on('edit', (e) => void seen.edits.push(e));
  channel.on('revoke', (r) => void seen.revokes.push(r));
  channel.on('reaction', (r) => void seen.reactions.push(r));
  channel.on('call', (c) => void seen.calls.push(c));
  channel.on('presence', (p) => void seen.presences.push(p));
  return seen;
};

export interface Harness {
  channel: WhatsAppChannel;
  seen: ReturnType<typeof record>;
  /** Brings the channel up the way its network would (Baileys: a QR, then open). */
  connect(): Promise<void>;
  /** The customer sends us a text; resolves once the channel has handled it. */
  customerSends(from: string, body: string): Promise<string>;
  /** The customer sends media, a location or a contact card; resolves once handled, with the id. */
  customerSendsContent(from: string, content: CustomerContent): Promise<string>;
  /** What the customer's phone has received from us. */
  customerReceived(to: string): Promise<{ id: string; body: string }[]>;
  /** Everything the customer's phone shows of our messages (kinds, media, quotes, edits, deletes, reactions). */
  customerSees(to: string): Promise<PhoneView>;
  /** Whether `number` has WhatsApp on this network (CUSTOMER has). */
  setOnWhatsApp(number: string, exists: boolean): void;
  setProfilePicture(number: string, url: string): void;
  /** Our last presence in the chat, and the customer's message ids we marked read. */
  lastPresence(to: string): string | undefined;
  readIds(from: string): string[];
  /** The customer's phone reports our message delivered, then read (sandbox: by itself). */
  deliverAndRead(id: string): Promise<void>;
  /** The customer edits, deletes or reacts to their message `id`; resolves once handled. */
  customerEdits(from: string, id: string, body: string): Promise<void>;
  customerRevokes(from: string, id: string): Promise<void>;
  customerReacts(from: string, id: string, emoji: string): Promise<void>;
  /** The customer calls; returns the call id. */
  customerCalls(from: string, isVideo: boolean): Promise<string>;
  /** The customer types, records or stops in our chat; resolves once handled. */
  customerPresence(from: string, presence: Presence): Promise<void>;
  /** Call ids the channel declined on the network. */
  rejectedCalls(): string[];
  /** Lets in-flight work finish. */
  settle(): Promise<void>;
}

export const sandboxHarness = async (env: ContractEnv): Promise<Harness> => {
  const { app, company } = env;
  const whatsappId = await newConnection(env, 'sandbox');
  const store = createSandboxStore(app.data, company.companyId, whatsappId);
  const channel = new SandboxChannel(whatsappId, store, { deliveredAfterMs: 5, readAfterMs: 15 });
  const seen = record(channel);
  return {
    channel,
    seen,
    connect: () => channel.connect(),
    customerSends: (from, body) => channel.receive({ from, body, name: 'Cliente' }),
    customerSendsContent: (from, content) => channel.receive(toSandboxInput(from, content)),
    customerReceived: async (to) => (await store.outbox(to)).map((o) => ({ id: o.id, body: o.body })),
    customerSees: (to) => sandboxView(store, to),
    setOnWhatsApp: (number, exists) => void (exists ? channel.notOnWhatsApp.delete(number) : channel.notOnWhatsApp.add(number)),
    setProfilePicture: (number, url) => void channel.profilePictures.set(number, url),
    lastPresence: (to) => channel.presences.get(to),
    readIds: (from) => channel.reads.get(from) ?? [],
    customerEdits: (_from, id, body) => channel.customerEdits(id, body),
    customerRevokes: (_from, id) => channel.customerRevokes(id),
    customerReacts: async (from, id, emoji) => {
      await channel.customerReacts(id, emoji, from);
    },
    customerCalls: (from, isVideo) => channel.customerCalls(from, { isVideo }),
    customerPresence: (from, presence) => channel.customerPresence(from, presence),
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

export interface BaileysWorld {
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

/** `options` replace the world's channel options (the watchdog is off unless a test asks for it). */
export const baileysWorld = async (env: ContractEnv, whatsappId?: number, options: Partial<BaileysChannelOptions> = {}): Promise<BaileysWorld> => {
  const { app, company, key } = env;
  const id = whatsappId ?? (await newConnection(env, 'baileys'));
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
      const s = new FakeSocket({ registered: [toPnJid(CUSTOMER)] });
      sockets.push(s);
      return s;
    },
    jitter: () => 0,
    schedule,
    watchdog: false,
    ...options,
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

export const baileysHarness = async (env: ContractEnv): Promise<Harness> => {
  const w = await baileysWorld(env);
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
    customerSendsContent: async (from, content) => {
      const msg = await toBaileysMessage(from, content);
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
    customerPresence: async (from, presence) => {
      w.current().presence(toPnJid(from), presence);
      await w.settle();
    },
    rejectedCalls: () => w.sockets.flatMap((s) => s.rejectedCalls.map((c) => c.callId)),
    customerReceived: async (to) =>
      w.sockets
        .flatMap((s) => s.sent)
        .filter((s) => s.jid === toPnJid(to))
        .map((s) => ({ id: s.message.key.id!, body: 'text' in s.content ? String(s.content.text) : '' })),
    customerSees: async (to) => baileysView(w.sockets.flatMap((s) => s.sent), to),
    setOnWhatsApp: (number, exists) => void (exists ? w.current().registered.add(toPnJid(number)) : w.current().registered.delete(toPnJid(number))),
    setProfilePicture: (number, url) => void w.current().profilePictures.set(toPnJid(number), url),
    lastPresence: (to) => w.sockets.flatMap((s) => s.presences).filter((p) => p.toJid === toPnJid(to)).at(-1)?.type,
    readIds: (from) => w.sockets.flatMap((s) => s.reads.flat()).filter((k) => k.remoteJid === toPnJid(from)).map((k) => k.id!),
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

