/**
 * Edits, revokes, reactions and calls through the inbound pipeline (server-behaviour §5.5 and
 * §5.8): they update their target message or the live ticket and never create a contact or a
 * ticket. The channel is a sandbox wired with `attachChannel`, as the session manager does.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type MessageDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { connectSocket, createCompany, nextEvent, type TestCompany } from '../../../../test/helpers/world';
import type { Jobs } from '../../../infra/jobs';
import { CALLS_DISABLED_TEXT, createInbound, type ConnectionFacts } from './inbound';
import { BaileysChannel } from '../../whatsapp/baileys/baileys.channel';
import { FakeSocket } from '../../whatsapp/baileys/test/fake-socket';
import { callOffer, incomingReaction, incomingRevoke, incomingText } from '../../whatsapp/baileys/test/messages';
import { SandboxChannel } from '../../whatsapp/sandbox/sandbox.channel';
import { createSandboxStore } from '../../whatsapp/sandbox/sandbox.store';

let app: TestApp;
let company: TestCompany;
let channel: SandboxChannel;
let facts: ConnectionFacts;
let detach: () => void;
let inbound: ReturnType<typeof createInbound>;
const enqueued: { name: string; data: unknown }[] = [];

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
  const [row] = await app.owner`insert into whatsapps (company_id, name, provider) values (${company.companyId}, 'updates', 'sandbox') returning id`;
  const whatsappId = row!.id as number;
  channel = new SandboxChannel(whatsappId, createSandboxStore(app.data, company.companyId, whatsappId), { deliveredAfterMs: 5, readAfterMs: 10 });
  // Records what would be queued; the send worker is the app's and is tested with messages.
  const jobs = {
    enqueue: async (_tx: unknown, name: string, data: unknown) => {
      enqueued.push({ name, data });
    },
  } as unknown as Jobs;
  facts = { id: whatsappId, companyId: company.companyId, queueIds: [] };
  inbound = createInbound(app.data, jobs);
  detach = inbound.attachChannel(channel, facts);
});
afterAll(async () => {
  detach();
  await app.close();
});

let n = 0;
const newNumber = () => `55319${String(1_000_000 + ++n).padStart(8, '0')}`;

const counts = async () => {
  const [r] = await app.owner`select (select count(*)::int from tickets where company_id = ${company.companyId}) as tickets,
    (select count(*)::int from contacts where company_id = ${company.companyId}) as contacts`;
  return { tickets: r!.tickets as number, contacts: r!.contacts as number };
};

const messageRow = async (waId: string) => {
  const [m] = await app.owner`select * from messages where whatsapp_id = ${facts.id} and wa_message_id = ${waId}`;
  return m!;
};

const ticketOf = async (waId: string) => {
  const [t] = await app.owner`select t.id, t.uuid from tickets t join messages m on m.ticket_id = t.id where m.whatsapp_id = ${facts.id} and m.wa_message_id = ${waId}`;
  return { id: t!.id as number, uuid: t!.uuid as string };
};

const setCall = (value: 'enabled' | 'disabled') =>
  app.owner`insert into settings (company_id, key, value) values (${company.companyId}, 'call', ${value})
    on conflict (company_id, key) do update set value = excluded.value`;

const inTicketRoom = async (waId: string) => {
  const socket = await connectSocket(app, company.adminToken);
  expect(await socket.emitWithAck('joinChatBox', (await ticketOf(waId)).uuid)).toBe(true);
  return socket;
};

const nextUpdate = (socket: Awaited<ReturnType<typeof connectSocket>>, id: number, match: (m: MessageDto) => boolean) =>
  nextEvent<{ action: string; message: MessageDto }>(socket, wireEvent(company.companyId, 'appMessage'), (p) => p.action === 'update' && p.message.id === id && match(p.message));

describe('message updates from the channel', () => {
  it('an edit replaces the body, marks it edited and updates the ticket room; no ticket or contact is created', async () => {
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'Quero 2 pizzas', name: 'Ana' });
    const before = await counts();
    const socket = await inTicketRoom(waId);
    const row = await messageRow(waId);
    const update = nextUpdate(socket, row.id as number, (m) => m.isEdited);
    await channel.customerEdits(waId, 'Quero 3 pizzas');
    expect((await update).message).toMatchObject({ body: 'Quero 3 pizzas', isEdited: true, isDeleted: false });
    expect(await messageRow(waId)).toMatchObject({ body: 'Quero 3 pizzas', is_edited: true });
    expect(await counts()).toEqual(before);
    socket.close();
  });

  it('an edit or a revoke for an unknown message is ignored', async () => {
    const before = await counts();
    const [{ n: messagesBefore }] = (await app.owner`select count(*)::int as n from messages where whatsapp_id = ${facts.id}`) as unknown as [{ n: number }];
    await channel.customerEdits('NOSUCHMESSAGE', 'texto');
    await channel.customerRevokes('NOSUCHMESSAGE');
    await channel.customerReacts('NOSUCHMESSAGE', '👍', newNumber());
    expect(await counts()).toEqual(before);
    const [{ n: messagesAfter }] = (await app.owner`select count(*)::int as n from messages where whatsapp_id = ${facts.id}`) as unknown as [{ n: number }];
    expect(messagesAfter).toBe(messagesBefore);
  });

  it('a revoke reads "Essa mensagem foi apagada pelo contato" and is deleted, live in the ticket room', async () => {
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'segredo' });
    const before = await counts();
    const socket = await inTicketRoom(waId);
    const row = await messageRow(waId);
    const update = nextUpdate(socket, row.id as number, (m) => m.isDeleted);
    await channel.customerRevokes(waId);
    expect((await update).message).toMatchObject({ body: 'Essa mensagem foi apagada pelo contato', isDeleted: true });
    expect(await messageRow(waId)).toMatchObject({ body: 'Essa mensagem foi apagada pelo contato', is_deleted: true });
    expect(await counts()).toEqual(before);
    socket.close();
  });

  it('a reaction is stored on the target, replaced by a new emoji from the same person and removed by ""', async () => {
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'Pedido enviado?' });
    const before = await counts();
    const socket = await inTicketRoom(waId);
    const id = (await messageRow(waId)).id as number;

    const added = nextUpdate(socket, id, (m) => (m.reactions ?? []).length === 1);
    await channel.customerReacts(waId, '👍', from);
    expect((await added).message.reactions).toEqual([{ emoji: '👍', fromMe: false, from }]);

    await channel.customerReacts(waId, '❤️', from);
    expect((await messageRow(waId)).reactions).toEqual([{ emoji: '❤️', fromMe: false, from }]);

    const removed = nextUpdate(socket, id, (m) => (m.reactions ?? []).length === 0);
    await channel.customerReacts(waId, '', from);
    expect((await removed).message.reactions).toEqual([]);
    expect((await messageRow(waId)).reactions).toEqual([]);
    expect(await counts()).toEqual(before);
    socket.close();
  });
});

describe('calls', () => {
  it('with calls enabled, a call is logged as call_log on the live ticket and not rejected', async () => {
    await setCall('enabled');
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'Oi' });
    const ticket = await ticketOf(waId);
    const before = await counts();
    const queuedBefore = enqueued.length;
    const callId = await channel.customerCalls(from, { isVideo: true });
    const log = await messageRow(callId);
    expect(log).toMatchObject({ ticket_id: ticket.id, media_type: 'call_log', from_me: false });
    expect(log.body).toMatch(/^Chamada de vídeo perdida às \d{2}:\d{2}$/);
    expect(channel.rejectedCalls.map((c) => c.id)).not.toContain(callId);
    expect(enqueued.length).toBe(queuedBefore);
    expect(await counts()).toEqual(before);
    const [t] = await app.owner`select last_message from tickets where id = ${ticket.id}`;
    expect(t!.last_message).toBe(log.body);
  });

  it('with calls disabled, the call is rejected, logged, and the automatic text is queued on the live ticket', async () => {
    await setCall('disabled');
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'Oi' });
    const ticket = await ticketOf(waId);
    const before = await counts();
    const callId = await channel.customerCalls(from);
    expect(channel.rejectedCalls).toContainEqual({ id: callId, from });
    expect((await messageRow(callId)).body).toMatch(/^Chamada de voz perdida às \d{2}:\d{2}$/);
    const [auto] = await app.owner`select id, body, from_me, automated, ack from messages where ticket_id = ${ticket.id} and automated order by id desc limit 1`;
    expect(auto).toMatchObject({ body: CALLS_DISABLED_TEXT, from_me: true, automated: true, ack: 0 });
    expect(enqueued).toContainEqual({ name: 'message.send', data: { companyId: company.companyId, messageId: auto!.id } });
    expect(await counts()).toEqual(before);
  });

  it('a call from someone without a live ticket stores nothing and creates no ticket (still rejected when disabled)', async () => {
    await setCall('disabled');
    const from = newNumber();
    const before = await counts();
    const queuedBefore = enqueued.length;
    const callId = await channel.customerCalls(from);
    expect(channel.rejectedCalls).toContainEqual({ id: callId, from });
    expect(await app.owner`select id from messages where whatsapp_id = ${facts.id} and wa_message_id = ${callId}`).toHaveLength(0);
    expect(enqueued.length).toBe(queuedBefore);
    expect(await counts()).toEqual(before);
  });

  it('a redelivered call is logged and answered once', async () => {
    await setCall('disabled');
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'Oi' });
    const ticket = await ticketOf(waId);
    const call = { id: `CALLDUP${n}`, from, isVideo: false, at: new Date() };
    expect(await inbound.handleCall(facts, call, channel)).toMatchObject({ outcome: 'logged', rejected: true });
    expect(await inbound.handleCall(facts, call, channel)).toMatchObject({ outcome: 'ignored', reason: 'duplicate' });
    const rows = await app.owner`select media_type, automated from messages where ticket_id = ${ticket.id} and (media_type = 'call_log' or automated)`;
    expect(rows).toHaveLength(2);
  });

  it('a closed ticket is not live: the call creates nothing', async () => {
    await setCall('enabled');
    const from = newNumber();
    const waId = await channel.receive({ from, body: 'Oi' });
    const ticket = await ticketOf(waId);
    await app.owner`update tickets set status = 'closed' where id = ${ticket.id}`;
    const before = await counts();
    const callId = await channel.customerCalls(from);
    expect(await app.owner`select id from messages where whatsapp_id = ${facts.id} and wa_message_id = ${callId}`).toHaveLength(0);
    expect(await counts()).toEqual(before);
  });
});

describe('over the Baileys adapter (FakeSocket)', () => {
  it('a revoke and a reaction reach the stored message; a call with calls disabled is rejected on the socket and logged', async () => {
    await setCall('disabled');
    const [row] = await app.owner`insert into whatsapps (company_id, name, provider) values (${company.companyId}, 'updates baileys', 'baileys') returning id`;
    const conn: ConnectionFacts = { id: row!.id as number, companyId: company.companyId, queueIds: [] };
    const sockets: FakeSocket[] = [];
    const wa = new BaileysChannel({
      whatsappId: conn.id,
      companyId: company.companyId,
      data: app.data,
      encryptionKey: randomBytes(32),
      socketFactory: () => {
        const sock = new FakeSocket();
        sockets.push(sock);
        return sock;
      },
      jitter: () => 0,
      schedule: () => () => undefined,
    });
    const off = inbound.attachChannel(wa, conn);
    const settle = async () => {
      await new Promise<void>((r) => setImmediate(r));
      await wa.idle();
    };
    await wa.connect();
    sockets.at(-1)!.open();
    await settle();

    const from = newNumber();
    const text = incomingText(from, 'Oi, tudo bem?');
    sockets.at(-1)!.upsert([text]);
    await settle();
    const waId = text.key.id!;
    const before = await counts();

    sockets.at(-1)!.upsert([incomingReaction(from, waId, '😀'), incomingRevoke(from, waId)]);
    await settle();
    const [m] = await app.owner`select body, is_deleted, reactions from messages where whatsapp_id = ${conn.id} and wa_message_id = ${waId}`;
    expect(m).toMatchObject({ body: 'Essa mensagem foi apagada pelo contato', is_deleted: true, reactions: [{ emoji: '😀', fromMe: false, from }] });

    const offer = callOffer(from);
    sockets.at(-1)!.call([offer]);
    await settle();
    expect(sockets.at(-1)!.rejectedCalls).toEqual([{ callId: offer.id, callFrom: offer.from }]);
    const [log] = await app.owner`select media_type from messages where whatsapp_id = ${conn.id} and wa_message_id = ${offer.id}`;
    expect(log).toMatchObject({ media_type: 'call_log' });
    expect(await counts()).toEqual(before);
    off();
    await wa.disconnect();
  });
});
