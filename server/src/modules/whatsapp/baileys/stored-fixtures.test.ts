/**
 * WAMessage → exact port event → exact stored message, one fixture per kind: each is pushed
 * through a BaileysChannel (over the FakeSocket) wired to the inbound pipeline on real
 * PostgreSQL. Media messages are real encrypted WhatsApp media on a local CDN, so the stored
 * file must hold the customer's bytes.
 */
import { randomBytes } from 'node:crypto';
import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import type { MessageDto } from '@balcao/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../../test/helpers/world';
import type { Jobs } from '../../../infra/jobs';
import { createInbound, type Inbound } from '../../messages/inbound/inbound';
import type { InboundMessage } from '../whatsapp.port';
import { baileysWorld, record, type BaileysWorld } from '../test/contract-harness';
import { AT, CUSTOMER_DIGITS, inbound as fx, TS } from './fixtures/inbound';
import { jsonSafe } from './stored-message';
import { REVOKED_BODY } from './normalized';
import { incomingMedia, MediaServer } from './test/media-server';
import { incomingText } from './test/messages';

let app: TestApp;
let company: TestCompany;
let w: BaileysWorld;
let pipeline: Inbound;
let seen: ReturnType<typeof record>;
let cdn: MediaServer;
const enqueued: { name: string; data: unknown; opts: unknown }[] = [];

beforeAll(async () => {
  app = await createTestApp();
  company = await createCompany(app);
  cdn = await MediaServer.start();
  w = await baileysWorld({ app, company, key: randomBytes(32) });
  // Records the jobs the pipeline queues (the safety net); the worker is tested in inbound-media.test.ts.
  const jobs = {
    enqueue: async (_tx: unknown, name: string, data: unknown, opts: unknown) => void enqueued.push({ name, data, opts }),
    notify: () => undefined,
  } as unknown as Jobs;
  pipeline = createInbound(app.data, jobs, app.media);
  pipeline.attachChannel(w.channel, { id: w.whatsappId, companyId: company.companyId, queueIds: [] });
  seen = record(w.channel);
  await w.channel.connect();
  w.current().qr('QR');
  await w.settle();
  w.current().open();
  await w.settle();
});
afterAll(async () => {
  await w.channel.disconnect();
  await cdn.close();
  await app.close();
});

/** Pushes one WAMessage; resolves once stored and its media (if any) downloaded. */
const push = async (msg: WAMessage) => {
  w.current().upsert([msg]);
  await w.settle();
  await pipeline.mediaIdle();
};

const row = async (waId: string) => {
  const [m] = await app.owner`select m.body, m.media_type, m.media_url, m.is_forwarded, m.error_code, m.is_edited, m.is_deleted, m.raw, m.quoted_msg_id, c.number
    from messages m join contacts c on c.id = m.contact_id where m.whatsapp_id = ${w.whatsappId} and m.wa_message_id = ${waId}`;
  return m!;
};

const eventOf = (id: string) => seen.messages.find((m) => m.id === id);

/** The port event every fixture from the old 8-digit number shares. */
const base = (msg: WAMessage): Omit<InboundMessage, 'body' | 'kind' | 'mediaType'> => ({
  id: msg.key.id!,
  from: CUSTOMER_DIGITS,
  pushName: 'Maria Souza',
  timestamp: AT,
  isForwarded: false,
  isGroup: false,
  fromMe: false,
  raw: jsonSafe(msg),
});

describe('text-like kinds: the event and the stored row', () => {
  it.each([
    { name: 'text', msg: fx.text, kind: 'text', body: 'Olá, bom dia!', mediaType: null },
    { name: 'location', msg: fx.location, kind: 'location', mediaType: 'location', body: 'data:image/jpeg;base64,/9j/2Q==|https://maps.google.com/maps?q=-15.7939%2C-47.8828&z=17|Loja Centro\nSCS Quadra 1 / Bloco A, Brasília' },
    { name: 'live location', msg: fx.liveLocation, kind: 'liveLocation', mediaType: 'liveLocation', body: 'data:image/jpeg;base64,/9j/2Q==|https://maps.google.com/maps?q=-15.8%2C-47.9&z=17|Estou chegando' },
    { name: 'contact', msg: fx.contact, kind: 'contact', mediaType: 'contact', body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nTEL;type=CELL;type=VOICE;waid=5561988887777:+55 61 98888-7777\nEND:VCARD' },
    {
      name: 'contacts',
      msg: fx.contacts,
      kind: 'contacts',
      mediaType: 'contacts',
      body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nTEL;type=CELL;type=VOICE;waid=5561988887777:+55 61 98888-7777\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Bruno Dias\nTEL;type=CELL;type=VOICE;waid=5511977776666:+55 11 97777-6666\nEND:VCARD',
    },
    { name: 'list reply', msg: fx.listResponse, kind: 'listReply', mediaType: 'listReply', body: 'Segunda via' },
    { name: 'poll', msg: fx.poll, kind: 'poll', mediaType: 'poll', body: 'Qual horário?\n1. Manhã\n2. Tarde' },
  ] as const)('$name', async ({ msg, kind, body, mediaType }) => {
    await push(msg);
    expect(eventOf(msg.key.id!)).toEqual({ ...base(msg), kind, body, mediaType });
    expect(await row(msg.key.id!)).toEqual({
      body,
      media_type: mediaType,
      media_url: null,
      is_forwarded: false,
      error_code: null,
      is_edited: false,
      is_deleted: false,
      raw: jsonSafe(msg),
      quoted_msg_id: null,
      number: CUSTOMER_DIGITS,
    });
  });

  it('button reply: the chosen text, quoting the menu it answers (unknown here: no quote stored)', async () => {
    const msg = fx.buttonsResponse;
    await push(msg);
    expect(eventOf(msg.key.id!)).toEqual({ ...base(msg), kind: 'buttonReply', body: 'Financeiro', mediaType: 'buttonReply', quotedId: 'BAE5MENU' });
    expect(await row(msg.key.id!)).toMatchObject({ body: 'Financeiro', media_type: 'buttonReply', quoted_msg_id: null });
  });

  it('extended text: forwarded, replying to a stored message (quoted_msg_id set)', async () => {
    const quoted = { ...incomingText('556181234567', 'Qual o pedido?', '3EB0QUOTED'), messageTimestamp: TS, pushName: 'Maria Souza' };
    await push(quoted);
    const quotedRowId = ((await app.owner`select id from messages where whatsapp_id = ${w.whatsappId} and wa_message_id = '3EB0QUOTED'`)[0]!.id) as number;
    const msg = fx.extendedText;
    const created: MessageDto[] = [];
    const off = app.bus.on('message.created', (e) => void created.push(e.message));
    await push(msg);
    off();
    expect(created.find((m) => m.waMessageId === msg.key.id)?.quotedMsg).toEqual({ id: quotedRowId, body: 'Qual o pedido?', fromMe: false, mediaType: null });
    expect(eventOf(msg.key.id!)).toEqual({ ...base(msg), kind: 'extendedText', body: 'Veja https://example.com/pedido/42', mediaType: null, isForwarded: true, quotedId: '3EB0QUOTED' });
    expect(await row(msg.key.id!)).toMatchObject({ body: 'Veja https://example.com/pedido/42', media_type: null, is_forwarded: true, quoted_msg_id: quotedRowId, raw: jsonSafe(msg) });
  });

  it('edit, then revoke: the stored text is replaced, then reads "Essa mensagem foi apagada pelo contato"; neither is a message', async () => {
    // fx.edit and fx.revoke target fx.text (3EB0TEXT), stored above.
    await push(fx.edit);
    expect(await row('3EB0TEXT')).toMatchObject({ body: 'Olá, boa tarde!', is_edited: true, is_deleted: false });
    await push(fx.revoke);
    expect(await row('3EB0TEXT')).toMatchObject({ body: REVOKED_BODY, is_deleted: true });
    expect(eventOf(fx.edit.key.id!)).toBeUndefined();
    expect(eventOf(fx.revoke.key.id!)).toBeUndefined();
    const [n] = await app.owner`select count(*)::int as n from messages where wa_message_id in (${fx.edit.key.id!}, ${fx.revoke.key.id!})`;
    expect(n!.n).toBe(0);
  });
});

/** A downloadable media message from the fixtures' customer, at the fixtures' time. */
const mediaFixture = async (content: AnyMessageContent, wrap?: 'ephemeralMessage' | 'viewOnceMessageV2'): Promise<WAMessage> => {
  const built = await incomingMedia(cdn, '556181234567', content);
  const msg = { ...built, messageTimestamp: TS, pushName: 'Maria Souza' } as WAMessage;
  return wrap ? ({ ...msg, message: { [wrap]: { message: built.message } } } as WAMessage) : msg;
};

describe('media kinds: the event, the stored row and the stored file', () => {
  const data = {
    image: randomBytes(4_000),
    video: randomBytes(6_000),
    audio: randomBytes(2_000),
    ptt: randomBytes(1_500),
    document: randomBytes(3_000),
    sticker: randomBytes(900),
    ephemeral: randomBytes(2_500),
    viewOnce: randomBytes(2_200),
  };
  const cases: { name: string; make: () => Promise<WAMessage>; bytes: Buffer; kind: string; body: string; media: InboundMessage['media'] }[] = [
    {
      name: 'image with caption',
      make: () => mediaFixture({ image: data.image, mimetype: 'image/png', caption: 'foto do produto', jpegThumbnail: '' }),
      bytes: data.image,
      kind: 'image',
      body: 'foto do produto',
      media: { mimetype: 'image/png', fileLength: 4_000 },
    },
    {
      name: 'video',
      make: () => mediaFixture({ video: data.video, mimetype: 'video/mp4', seconds: 12, jpegThumbnail: '' }),
      bytes: data.video,
      kind: 'video',
      body: '',
      media: { mimetype: 'video/mp4', seconds: 12, fileLength: 6_000 },
    },
    { name: 'audio', make: () => mediaFixture({ audio: data.audio, mimetype: 'audio/mpeg', seconds: 185 }), bytes: data.audio, kind: 'audio', body: '', media: { mimetype: 'audio/mpeg', seconds: 185, fileLength: 2_000 } },
    {
      name: 'voice note',
      make: () => mediaFixture({ audio: data.ptt, mimetype: 'audio/ogg; codecs=opus', seconds: 7, ptt: true }),
      bytes: data.ptt,
      kind: 'ptt',
      body: '',
      media: { mimetype: 'audio/ogg; codecs=opus', seconds: 7, fileLength: 1_500 },
    },
    {
      name: 'document',
      make: () => mediaFixture({ document: data.document, mimetype: 'text/csv', fileName: 'planilha.csv' }),
      bytes: data.document,
      kind: 'document',
      body: 'planilha.csv',
      media: { mimetype: 'text/csv', fileName: 'planilha.csv', fileLength: 3_000 },
    },
    { name: 'sticker', make: () => mediaFixture({ sticker: data.sticker }), bytes: data.sticker, kind: 'sticker', body: '', media: { mimetype: 'image/webp', fileLength: 900 } },
    {
      name: 'ephemeral wrapper (video)',
      make: () => mediaFixture({ video: data.ephemeral, mimetype: 'video/mp4', caption: 'olha isso', seconds: 3, jpegThumbnail: '' }, 'ephemeralMessage'),
      bytes: data.ephemeral,
      kind: 'video',
      body: 'olha isso',
      media: { mimetype: 'video/mp4', seconds: 3, fileLength: 2_500 },
    },
    {
      name: 'view-once wrapper (image)',
      make: () => mediaFixture({ image: data.viewOnce, mimetype: 'image/jpeg', caption: 'só uma vez', jpegThumbnail: '' }, 'viewOnceMessageV2'),
      bytes: data.viewOnce,
      kind: 'image',
      body: 'só uma vez',
      media: { mimetype: 'image/jpeg', fileLength: 2_200 },
    },
  ];

  it.each(cases)('$name', async ({ make, bytes, kind, body, media }) => {
    const msg = await make();
    await push(msg);
    expect(eventOf(msg.key.id!)).toEqual({ ...base(msg), kind, body, mediaType: kind, media });
    const stored = await row(msg.key.id!);
    expect(stored).toEqual({
      body,
      media_type: kind,
      media_url: expect.stringMatching(/^[0-9a-f]{24}-/),
      is_forwarded: false,
      error_code: null,
      is_edited: false,
      is_deleted: false,
      raw: jsonSafe(msg),
      quoted_msg_id: null,
      number: CUSTOMER_DIGITS,
    });
    expect((await app.media.read(company.companyId, stored.media_url as string)).equals(bytes)).toBe(true);
    // The safety net went with the message, for the stored row.
    const [{ id }] = (await app.owner`select id from messages where whatsapp_id = ${w.whatsappId} and wa_message_id = ${msg.key.id!}`) as unknown as [{ id: number }];
    expect(enqueued.filter((j) => (j.data as { messageId: number }).messageId === id)).toEqual([
      { name: 'media.download', data: { companyId: company.companyId, messageId: id, mimetype: media!.mimetype, ...(media!.fileName ? { fileName: media!.fileName } : {}) }, opts: { startAfterSeconds: 300 } },
    ]);
  });

  it('a burst of media in one upsert: every file is stored (downloads wait their turn, none is lost)', async () => {
    const files = Array.from({ length: 9 }, (_, i) => randomBytes(500 + i));
    const msgs = await Promise.all(files.map((f) => mediaFixture({ image: f, mimetype: 'image/jpeg', jpegThumbnail: '' })));
    w.current().upsert(msgs);
    await w.settle();
    await pipeline.mediaIdle();
    for (const [i, msg] of msgs.entries()) {
      const stored = await row(msg.key.id!);
      expect((await app.media.read(company.companyId, stored.media_url as string)).equals(files[i]!)).toBe(true);
    }
  });

  it('a document keeps its file name in the stored file name', async () => {
    const msg = await mediaFixture({ document: randomBytes(100), mimetype: 'application/pdf', fileName: 'Relatório março.pdf' });
    await push(msg);
    expect((await row(msg.key.id!)).media_url).toMatch(/^[0-9a-f]{24}-Relatorio_marco\.pdf$/);
  });

});

describe('groups (CheckMsgIsGroup)', () => {
  const setGroups = (value: 'enabled' | 'disabled') =>
    app.owner`insert into settings (company_id, key, value) values (${company.companyId}, 'CheckMsgIsGroup', ${value})
      on conflict (company_id, key) do update set value = excluded.value`;
  const groupMessage = (id: string) => ({ ...fx.groupText, key: { ...fx.groupText.key, id } }) as WAMessage;

  it('ignores a group message by default and while the setting is enabled: no contact, no ticket, no message', async () => {
    await push(groupMessage('3EB0GRP1'));
    await setGroups('enabled');
    await push(groupMessage('3EB0GRP2'));
    const [r] = await app.owner`select (select count(*)::int from messages where wa_message_id in ('3EB0GRP1', '3EB0GRP2')) as messages,
      (select count(*)::int from contacts where company_id = ${company.companyId} and is_group) as groups`;
    expect(r).toEqual({ messages: 0, groups: 0 });
  });

  it('stores it on a group contact and ticket once the company disables CheckMsgIsGroup', async () => {
    await setGroups('disabled');
    await push(groupMessage('3EB0GRP3'));
    const [m] = await app.owner`select m.body, c.number, c.is_group, t.is_group as ticket_is_group from messages m
      join contacts c on c.id = m.contact_id join tickets t on t.id = m.ticket_id where m.wa_message_id = '3EB0GRP3'`;
    expect(m).toEqual({ body: 'Bom dia, grupo', number: '120363025246125244', is_group: true, ticket_is_group: true });
  });
});
