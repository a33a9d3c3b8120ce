/**
 * What the company writes from the phone itself (WhatsApp on the phone, not Balcão) belongs to
 * the conversation: stored as ours, sent, not unread; our push name never renames the customer.
 */
import { randomBytes } from 'node:crypto';
import type { WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import { createInbound } from '../../messages/inbound/inbound';
import { BaileysChannel } from './baileys.channel';
import { toPnJid } from './phone';
import { FakeSocket } from './test/fake-socket';
import { incomingText } from './test/messages';

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
});
afterAll(() => app.close());

const CUSTOMER = '5561981234444';
const fromPhone = (body: string): WAMessage => ({
  key: { remoteJid: toPnJid(CUSTOMER), fromMe: true, id: `3EB0${randomBytes(8).toString('hex').toUpperCase()}` },
  message: { conversation: body },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Loja do Zé',
});

describe('messages sent from the phone', () => {
  it('are stored in the ticket as ours (sent, read, not unread), without renaming the customer', async () => {
    const [row] = await app.owner`insert into whatsapps (company_id, name, provider) values (${company.companyId}, 'Celular', 'baileys') returning id`;
    const id = row!.id as number;
    const sockets: FakeSocket[] = [];
    const channel = new BaileysChannel({
      whatsappId: id,
      companyId: company.companyId,
      data: app.data,
      encryptionKey: randomBytes(32),
      socketFactory: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      jitter: () => 0,
      schedule: () => () => undefined,
    });
    const off = createInbound(app.data).attachChannel(channel, { id, companyId: company.companyId, queueIds: [] });
    await channel.connect();
    sockets[0]!.open();
    const settle = async () => {
      await new Promise((r) => setImmediate(r));
      await channel.idle();
    };

    const hello = incomingText(CUSTOMER, 'Bom dia');
    sockets[0]!.upsert([{ ...hello, pushName: 'Maria' }]);
    await settle();
    const reply = fromPhone('Bom dia, Maria! Em que posso ajudar?');
    sockets[0]!.upsert([reply]);
    await settle();

    const stored = await app.owner`select wa_message_id, from_me, ack, read, body from messages where whatsapp_id = ${id} order by id`;
    expect(stored.map((m) => ({ ...m }))).toEqual([
      { wa_message_id: hello.key.id, from_me: false, ack: 0, read: false, body: 'Bom dia' },
      { wa_message_id: reply.key.id, from_me: true, ack: 2, read: true, body: 'Bom dia, Maria! Em que posso ajudar?' },
    ]);
    const [ticket] = await app.owner`select t.unread_messages, t.last_message, c.name from tickets t join contacts c on c.id = t.contact_id where t.whatsapp_id = ${id}`;
    expect({ ...ticket }).toEqual({ unread_messages: 1, last_message: 'Bom dia, Maria! Em que posso ajudar?', name: 'Maria' });

    // Delivered again (history sync, reconnect): stored once.
    sockets[0]!.upsert([reply]);
    await settle();
    expect(await app.owner`select id from messages where wa_message_id = ${reply.key.id!}`).toHaveLength(1);
    off();
    await channel.disconnect();
  });
});
