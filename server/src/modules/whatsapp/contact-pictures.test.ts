/**
 * Contact avatars (server-behaviour §5.4): after a customer's message the picture is looked up
 * through the connection's socket, stored and announced; at most once a day per contact.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ContactDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import type { BaileysChannel } from './baileys/baileys.channel';
import { toPnJid } from './baileys/phone';
import { FakeSocket } from './baileys/test/fake-socket';
import { incomingText } from './baileys/test/messages';
import { createContactPictures, PICTURE_MAX_AGE_MS } from './contact-pictures';

const CUSTOMER = '5561981235555';
const PICTURE = 'https://pps.whatsapp.net/v/t61/foto-cliente.jpg';
let app: TestApp;
let a: TestCompany;
let whatsappId: number;
const sockets: FakeSocket[] = [];

beforeAll(async () => {
  app = await createTestApp({
    config: { waEncryptionKey: randomBytes(32) },
    baileysSocketFactory: () => {
      const s = new FakeSocket({ registered: [toPnJid(CUSTOMER)] });
      s.profilePictures.set(toPnJid(CUSTOMER), PICTURE);
      sockets.push(s);
      return s;
    },
  });
  a = await createCompany(app);
  const [w] = await app.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, 'Loja', 'baileys', 'CONNECTED') returning id`;
  whatsappId = w!.id as number;
  await app.sessions.claimOrphans();
  sockets[0]!.open();
});
afterAll(() => app.close());

const contactRow = async () => (await app.owner`select id, profile_pic_url, profile_pic_fetched_at from contacts where number = ${CUSTOMER}`)[0];
const customerWrites = async (body: string) => {
  sockets[0]!.upsert([incomingText(CUSTOMER, body)]);
  await (app.sessions.get(whatsappId) as BaileysChannel).idle();
};

describe('contact profile pictures', () => {
  it("stores the picture after the customer's first message and tells the company; not again the same day", async () => {
    const socket = await connectSocket(app, a.adminToken);
    try {
      const announced = nextEvent<{ contact: ContactDto }>(socket, wireEvent(a.companyId, 'contact'), (p) => p.contact?.number === CUSTOMER);
      await customerWrites('Oi');
      expect((await announced).contact.profilePicUrl).toBe(PICTURE);
      const row = await contactRow();
      expect(row).toMatchObject({ profile_pic_url: PICTURE });
      expect(row!.profile_pic_fetched_at).toBeInstanceOf(Date);
      await customerWrites('Oi de novo');
      await customerWrites('Alô?');
      expect(sockets[0]!.profilePictureQueries).toEqual([toPnJid(CUSTOMER)]);
      // Not even queued again: one job for the three messages.
      const jobs = await app.owner`select count(*)::int as n from pgboss.job where name = 'contact.picture'`;
      expect(jobs[0]!.n).toBe(1);
    } finally {
      socket.disconnect();
    }
  });

  it('asks WhatsApp again only once the stored picture is a day old', async () => {
    const row = await contactRow();
    const job = { companyId: a.companyId, contactId: row!.id as number, whatsappId };
    const fetchedAt = (row!.profile_pic_fetched_at as Date).getTime();
    const channelOf = (id: number) => app.sessions.sender(id);
    const before = sockets[0]!.profilePictureQueries.length;
    await createContactPictures({ data: app.data, now: () => new Date(fetchedAt + PICTURE_MAX_AGE_MS - 60_000) }).refresh(job, channelOf);
    expect(sockets[0]!.profilePictureQueries.length).toBe(before);
    sockets[0]!.profilePictures.delete(toPnJid(CUSTOMER));
    await createContactPictures({ data: app.data, now: () => new Date(fetchedAt + PICTURE_MAX_AGE_MS + 60_000) }).refresh(job, channelOf);
    expect(sockets[0]!.profilePictureQueries.length).toBe(before + 1);
    // The customer hid their picture: the avatar goes too.
    expect((await contactRow())!.profile_pic_url).toBe('');
  });
});
