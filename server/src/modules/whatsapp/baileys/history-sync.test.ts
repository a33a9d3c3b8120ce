/**
 * History sync policy (decision 0014): the first link's history never becomes tickets; after an
 * offline window, messages newer than our last connection are ingested like live ones, once.
 */
import type { WAMessage } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { createInbound } from '../../messages/inbound/inbound';
import { BaileysChannel, HISTORY_WINDOW_MS } from './baileys.channel';
import { FakeSocket } from './test/fake-socket';
import { incomingText } from './test/messages';
import { useContractEnv } from '../test/contract-harness';

const env = useContractEnv();

const CUSTOMER = '5561981236666';
const DAY = 24 * 60 * 60_000;

/** A channel of connection `id` with the pipeline attached and a settable clock. */
const channelOf = (id: number, clock: { now: Date }) => {
  const sockets: FakeSocket[] = [];
  const channel = new BaileysChannel({
    whatsappId: id,
    companyId: env.company.companyId,
    data: env.app.data,
    encryptionKey: env.key,
    socketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    now: () => clock.now,
    jitter: () => 0,
    schedule: () => () => undefined,
  });
  const off = createInbound(env.app.data).attachChannel(channel, { id, companyId: env.company.companyId, queueIds: [] });
  const settle = async () => {
    await new Promise((r) => setImmediate(r));
    await channel.idle();
  };
  return { channel, sockets, off, settle };
};
const at = (msg: WAMessage, when: Date): WAMessage => ({ ...msg, messageTimestamp: Math.floor(when.getTime() / 1000) });
const history = (messages: WAMessage[]) => ({ chats: [], contacts: [], messages, isLatest: true, progress: 100 });
const storedIds = async (id: number) => (await env.app.owner`select wa_message_id from messages where whatsapp_id = ${id} order by id`).map((r) => r.wa_message_id as string);

describe('history sync', () => {
  it('ingests nothing on the first link, then only what came after our last connection, once', async () => {
    const [row] = await env.app.owner`insert into whatsapps (company_id, name, provider) values (${env.company.companyId}, 'Histórico', 'baileys') returning id`;
    const id = row!.id as number;
    const clock = { now: new Date('2026-11-10T12:00:00Z') };

    // First link: WhatsApp sends the phone's recent chats. None becomes a ticket.
    const first = channelOf(id, clock);
    await first.channel.connect();
    first.sockets[0]!.qr('QR-1');
    first.sockets[0]!.open();
    await first.settle();
    first.sockets[0]!.emit('messaging-history.set', history([at(incomingText(CUSTOMER, 'conversa antiga'), new Date('2026-11-09T08:00:00Z'))]));
    await first.settle();
    expect(await storedIds(id)).toEqual([]);
    const live = incomingText(CUSTOMER, 'ao vivo');
    first.sockets[0]!.upsert([at(live, clock.now)]);
    await first.settle();
    expect(await storedIds(id)).toEqual([live.key.id]);
    first.off();
    await first.channel.disconnect();

    // Two days offline; the next connection's history brings what we missed.
    clock.now = new Date(clock.now.getTime() + 2 * DAY);
    const second = channelOf(id, clock);
    await second.channel.connect();
    second.sockets[0]!.open();
    await second.settle();
    const before = at(incomingText(CUSTOMER, 'antes da última conexão'), new Date('2026-11-10T11:00:00Z'));
    const missed = at(incomingText(CUSTOMER, 'enquanto estava fora'), new Date('2026-11-11T09:00:00Z'));
    const again = at(live, new Date('2026-11-10T12:00:00Z'));
    second.sockets[0]!.emit('messaging-history.set', history([before, missed, again]));
    await second.settle();
    expect(await storedIds(id)).toEqual([live.key.id, missed.key.id]);
    second.off();
    await second.channel.disconnect();
  });

  it(`never reaches further back than ${HISTORY_WINDOW_MS / DAY} days`, async () => {
    const [row] = await env.app.owner`insert into whatsapps (company_id, name, provider) values (${env.company.companyId}, 'Muito tempo fora', 'baileys') returning id`;
    const id = row!.id as number;
    await env.app.owner`insert into whatsapp_session_events (company_id, whatsapp_id, status, at) values (${env.company.companyId}, ${id}, 'CONNECTED', ${new Date('2026-10-01T00:00:00Z')})`;
    const clock = { now: new Date('2026-11-10T12:00:00Z') };
    const w = channelOf(id, clock);
    await w.channel.connect();
    w.sockets[0]!.open();
    await w.settle();
    const old = at(incomingText(CUSTOMER, 'há uma semana'), new Date(clock.now.getTime() - 7 * DAY));
    const recent = at(incomingText(CUSTOMER, 'ontem'), new Date(clock.now.getTime() - DAY));
    w.sockets[0]!.emit('messaging-history.set', history([old, recent]));
    await w.settle();
    expect(await storedIds(id)).toEqual([recent.key.id]);
    w.off();
    await w.channel.disconnect();
  });
});
