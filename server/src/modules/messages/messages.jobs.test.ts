/**
 * The send worker against real PostgreSQL and pg-boss: media rows reach the simulated phone as
 * their kind, permanent channel errors fail the message at once, temporary ones stay pending for
 * pg-boss's retry, and what Baileys sent is stored and answers its retry requests (getMessage).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import { Jobs } from '../../infra/jobs';
import type { BaileysSocketOptions } from '../whatsapp/baileys/socket';
import { FakeSocket } from '../whatsapp/baileys/test/fake-socket';
import { incomingText } from '../whatsapp/baileys/test/messages';
import { toPnJid } from '../whatsapp/baileys/phone';
import type { BaileysChannel } from '../whatsapp/baileys/baileys.channel';
import { createSandboxStore } from '../whatsapp/sandbox/sandbox.store';
import * as ticketsRepo from '../tickets/tickets.repository';
import { createJobRouting } from '../whatsapp/job-routing';
import { createSendWorker, MAX_COMPOSE_MS, registerMessageJobs } from './messages.jobs';
import { queueOutbound } from './outbound';

let app: TestApp;
let a: TestCompany;
let jobs: Jobs;
const sockets: { sock: FakeSocket; opts: BaileysSocketOptions }[] = [];
let n = 0;

beforeAll(async () => {
  app = await createTestApp({
    config: { waEncryptionKey: randomBytes(32) },
    baileysSocketFactory: (opts) => {
      const sock = new FakeSocket({ registered: [toPnJid('5561981234567')] });
      sockets.push({ sock, opts });
      return sock;
    },
  });
  a = await createCompany(app);
  // Our own pg-boss handle: it enqueues like the routes do, and its worker wakes at once on notify.
  jobs = await Jobs.start(app.ownerUrl);
  await registerMessageJobs({ data: app.data, jobs, sessions: app.sessions, media: app.media, routing: createJobRouting({ data: app.data, jobs }) });
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

const newCustomer = () => `55219${String(1_000_000 + ++n).padStart(8, '0')}`;

/** A ticket of `whatsappId` for the customer `from` (who has just written). */
const ticketOf = async (whatsappId: number, from: string) => {
  const [row] = await app.owner`select t.id from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = ${whatsappId} and c.number = ${from} order by t.id desc limit 1`;
  return app.data.withTenant({ companyId: a.companyId }, ({ tx }) => ticketsRepo.get(tx, a.companyId, row!.id as number)).then((t) => t!);
};

const queue = async (ticket: ticketsRepo.TicketRow, body: string, opts: Parameters<typeof queueOutbound>[4] = {}) => {
  const row = await app.data.withTenant({ companyId: a.companyId }, (unit) => queueOutbound(unit, jobs, ticket, body, opts));
  jobs.notify('message.send');
  return row;
};

const stored = async (id: number) => (await app.owner`select ack, error_code, raw, wa_message_id from messages where id = ${id}`)[0]!;
const sendJob = async (messageId: number) =>
  (await app.owner`select state, retry_count from pgboss.job where name = 'message.send' and (data->>'messageId')::int = ${messageId}`)[0];

describe('send worker: content from the message row', () => {
  it('an image row with a caption reaches the phone as an image of that file', async () => {
    const from = newCustomer();
    await a.inbound(from, 'Manda a foto?');
    const ticket = await ticketOf(a.whatsapp.id, from);
    // A JPEG's first bytes: the store keeps a picture's name only for bytes that are one.
    const bytes = Buffer.concat([Buffer.from('ffd8ffe000104a464946000101', 'hex'), Buffer.from('jpeg-bytes-of-the-product')]);
    const name = await app.media.save(a.companyId, bytes, { mimetype: 'image/jpeg', fileName: 'produto.jpg' });
    const m = await queue(ticket, 'Modelo azul', { media: { type: 'image', name } });
    await vi.waitFor(async () => expect((await stored(m.id)).ack).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    const outbox = await createSandboxStore(app.data, a.companyId, a.whatsapp.id).outbox(from);
    expect(outbox).toEqual([
      expect.objectContaining({ id: m.waMessageId, kind: 'image', body: 'Modelo azul', media: { mimetype: 'image/jpeg', fileName: 'produto.jpg', caption: 'Modelo azul', size: bytes.length } }),
    ]);
    expect((await stored(m.id)).error_code).toBeNull();
  });

  it('a document row keeps its file name; a reply carries the quoted message id', async () => {
    const from = newCustomer();
    const { id: theirs } = await a.inbound(from, 'Qual o valor?');
    const ticket = await ticketOf(a.whatsapp.id, from);
    const [quoted] = await app.owner`select id from messages where wa_message_id = ${theirs}`;
    const name = await app.media.save(a.companyId, Buffer.from('%PDF-1.4'), { mimetype: 'application/pdf', fileName: 'orcamento.pdf' });
    const doc = await queue(ticket, 'orcamento.pdf', { media: { type: 'document', name } });
    const reply = await queue(ticket, 'Segue o orçamento', { quotedMsgId: quoted!.id as number });
    await vi.waitFor(async () => expect([(await stored(doc.id)).ack, (await stored(reply.id)).ack].every((x) => x >= 1)).toBe(true), { timeout: 10_000 });
    const outbox = await createSandboxStore(app.data, a.companyId, a.whatsapp.id).outbox(from);
    const byId = new Map(outbox.map((o) => [o.id, o]));
    expect(byId.get(doc.waMessageId)).toMatchObject({ kind: 'document', body: 'orcamento.pdf', media: { fileName: 'orcamento.pdf', size: 8 } });
    expect(byId.get(doc.waMessageId)!.media!.caption).toBeUndefined();
    expect(byId.get(reply.waMessageId)).toMatchObject({ kind: 'text', body: 'Segue o orçamento', quotedId: theirs });
  });

  it('a forwarded row arrives marked forwarded', async () => {
    const from = newCustomer();
    await a.inbound(from, 'Oi');
    const ticket = await ticketOf(a.whatsapp.id, from);
    const m = await queue(ticket, 'Promoção da semana', { forwarded: true });
    await vi.waitFor(async () => expect((await stored(m.id)).ack).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    expect(await createSandboxStore(app.data, a.companyId, a.whatsapp.id).outbox(from)).toEqual([
      expect.objectContaining({ id: m.waMessageId, kind: 'text', body: 'Promoção da semana', isForwarded: true, quotedId: null }),
    ]);
  });
});

describe('send worker: failures', () => {
  it('a permanent ChannelError (number without WhatsApp) fails the message at once: ack -1, its code, no retry', async () => {
    const from = newCustomer();
    await a.inbound(from, 'Oi');
    const ticket = await ticketOf(a.whatsapp.id, from);
    app.sessions.sandbox(a.whatsapp.id, a.companyId)!.notOnWhatsApp.add(from);
    const m = await queue(ticket, 'Olá!');
    await vi.waitFor(async () => expect((await sendJob(m.id))?.state).toBe('completed'), { timeout: 10_000 });
    expect(await stored(m.id)).toMatchObject({ ack: -1, error_code: 'ERR_WAPP_INVALID_CONTACT' });
    expect((await sendJob(m.id))!.retry_count).toBe(0);
    expect(await createSandboxStore(app.data, a.companyId, a.whatsapp.id).outbox(from)).toEqual([]);
  });

  it('a media name that is not a stored file fails for good too', async () => {
    const from = newCustomer();
    await a.inbound(from, 'Oi');
    const ticket = await ticketOf(a.whatsapp.id, from);
    const m = await queue(ticket, '', { media: { type: 'image', name: '../../../etc/passwd' } });
    await vi.waitFor(async () => expect((await sendJob(m.id))?.state).toBe('completed'), { timeout: 10_000 });
    expect(await stored(m.id)).toMatchObject({ ack: -1, error_code: 'ERR_SENDING_WAPP_MSG' });
  });

  it('a temporary one (no channel for the connection here) keeps the message pending with its code, for pg-boss to retry', async () => {
    const [w] = await app.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, 'Desligado', 'baileys', 'DISCONNECTED') returning id`;
    const whatsappId = w!.id as number;
    const from = newCustomer();
    const ticket = await app.data.withTenant({ companyId: a.companyId }, async ({ tx }) => {
      const [c] = await app.owner`insert into contacts (company_id, name, number) values (${a.companyId}, 'Cliente', ${from}) returning id`;
      return ticketsRepo.insert(tx, { companyId: a.companyId, contactId: c!.id as number, whatsappId, status: 'open', userId: a.admin.id });
    });
    const m = await queue(ticket!, 'Está aí?');
    await vi.waitFor(async () => expect((await sendJob(m.id))?.state).toBe('retry'), { timeout: 10_000 });
    expect(await stored(m.id)).toMatchObject({ ack: 0, error_code: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});

describe('send worker over Baileys: raw message and retry requests', () => {
  it('stores what Baileys sent in messages.raw; getMessage answers with its content, undefined for an unknown id', async () => {
    const [w] = await app.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, 'Baileys', 'baileys', 'CONNECTED') returning id`;
    const whatsappId = w!.id as number;
    await app.sessions.claimOrphans();
    const live = sockets.at(-1)!;
    live.sock.open();
    const channel = app.sessions.get(whatsappId) as BaileysChannel;
    await vi.waitFor(async () => expect((await app.owner`select status from whatsapps where id = ${whatsappId}`)[0]!.status).toBe('CONNECTED'));
    const from = '5561981234567';
    live.sock.upsert([incomingText(from, 'Bom dia')]);
    await channel.idle();
    const ticket = await ticketOf(whatsappId, from);

    const m = await queue(ticket, 'Bom dia! Em que posso ajudar?');
    await vi.waitFor(async () => expect((await stored(m.id)).raw).not.toBeNull(), { timeout: 10_000 });
    const row = await stored(m.id);
    expect(row.ack).toBeGreaterThanOrEqual(1);
    expect(row.raw).toMatchObject({ key: { id: m.waMessageId, fromMe: true, remoteJid: toPnJid(from) } });
    expect(live.sock.sent.map((s) => s.message.key.id)).toEqual([m.waMessageId]);

    const content = await live.opts.getMessage({ remoteJid: toPnJid(from), fromMe: true, id: m.waMessageId });
    expect(content?.conversation ?? content?.extendedTextMessage?.text).toBe('Bom dia! Em que posso ajudar?');
    expect(await live.opts.getMessage({ remoteJid: toPnJid(from), fromMe: true, id: 'NOT-OURS' })).toBeUndefined();
  });
});

describe("send worker: a ticket's order (issue 28 §5)", () => {
  it('puts a message back while an earlier one of its ticket is unsent (a file being retried), then sends both in order', async () => {
    const from = newCustomer();
    await a.inbound(from, 'Oi');
    const row = await ticketOf(a.whatsapp.id, from);
    const noJobs = { enqueue: async () => undefined, enqueueMany: async () => undefined } as unknown as Parameters<typeof queueOutbound>[1];
    const [first, second] = await app.data.withTenant({ companyId: a.companyId }, async (unit) => [
      await queueOutbound(unit, noJobs, row!, 'Segue o contrato', {}),
      await queueOutbound(unit, noJobs, row!, 'E a nota fiscal', {}),
    ]);
    const sent: string[] = [];
    const channel = { send: async (_to: string, c: { text?: string }) => (sent.push(c.text ?? ''), { id: 'x', raw: null }), sendPresence: async () => undefined };
    const putBack: number[] = [];
    const worker = createSendWorker({ data: app.data, media: app.media, sessions: { sender: () => channel as never }, requeue: async (d) => void putBack.push(d.messageId) });
    // The second's job runs first (the first's send failed and waits for its retry).
    await worker({ companyId: a.companyId, messageId: second!.id }, { retryCount: 0, retryLimit: 8 });
    expect([sent, putBack]).toEqual([[], [second!.id]]);
    await worker({ companyId: a.companyId, messageId: first!.id }, { retryCount: 1, retryLimit: 8 });
    await worker({ companyId: a.companyId, messageId: second!.id }, { retryCount: 0, retryLimit: 8 });
    expect(sent).toEqual(['Segue o contrato', 'E a nota fiscal']);
    expect(putBack).toEqual([second!.id]);
  });
});

describe('send worker: the composing pause', () => {
  it('composeMs: "composing" first, then the pause, then the message, then "paused"; a pause is capped at MAX_COMPOSE_MS', async () => {
    const from = newCustomer();
    await a.inbound(from, 'Oi');
    const ticket = await ticketOf(a.whatsapp.id, from);
    // Stored without a job: this test's worker is the only one that sends it.
    const noJobs = { enqueue: async () => undefined } as unknown as Jobs;
    const [short, long] = await app.data.withTenant({ companyId: a.companyId }, async (unit) => [
      await queueOutbound(unit, noJobs, ticket, 'Olá! Sou o bot.', { automated: true, composeMs: 1500 }),
      await queueOutbound(unit, noJobs, ticket, 'Escolha uma opção', { automated: true, composeMs: 60_000 }),
    ]);
    const log: string[] = [];
    const channel = {
      sendPresence: async (to: string, p: string) => void log.push(`presence ${p} ${to}`),
      send: async (to: string, c: { kind: string; text?: string }) => {
        log.push(`send ${c.text ?? c.kind} ${to}`);
        return { id: 'x', raw: null };
      },
    };
    const worker = createSendWorker({ data: app.data, media: app.media, sessions: { sender: () => channel as never }, wait: async (ms) => void log.push(`wait ${ms}`) });
    await worker({ companyId: a.companyId, messageId: short!.id, composeMs: 1500 }, { retryCount: 0, retryLimit: 8 });
    await worker({ companyId: a.companyId, messageId: long!.id, composeMs: 60_000 }, { retryCount: 0, retryLimit: 8 });
    expect(log).toEqual([
      `presence composing ${from}`, 'wait 1500', `send Olá! Sou o bot. ${from}`, `presence paused ${from}`,
      `presence composing ${from}`, `wait ${MAX_COMPOSE_MS}`, `send Escolha uma opção ${from}`, `presence paused ${from}`,
    ]);
    // Without composeMs: no presence, no pause.
    log.length = 0;
    const [plain] = await app.data.withTenant({ companyId: a.companyId }, async (unit) => [await queueOutbound(unit, noJobs, ticket, 'Sem pausa', { automated: true })]);
    await worker({ companyId: a.companyId, messageId: plain!.id }, { retryCount: 0, retryLimit: 8 });
    expect(log).toEqual([`send Sem pausa ${from}`]);
  });
});
