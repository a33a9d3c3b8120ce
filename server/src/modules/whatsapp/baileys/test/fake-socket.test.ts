import { afterEach, describe, expect, it } from 'vitest';
import { DisconnectReason, proto, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys';
import { mapCall, mapInbound, mapUpdate } from '../map-inbound';
import { toBaileysSend } from '../map-outbound';
import type { OutboundKind } from '../normalized';
import { pnJidCandidates } from '../phone';
import { AT, calls, inbound } from '../fixtures/inbound';
import { FakeSocket, type BaileysSocketSurface } from './fake-socket';

const CUSTOMER_JID = '556181234567@s.whatsapp.net'; // how WhatsApp knows 5561981234567
const CUSTOMER = '5561981234567';
const now = () => AT;

let sock: FakeSocket;
afterEach(() => sock?.ev.destroy());

const collect = <E extends keyof BaileysEventMap>(s: FakeSocket, event: E) => {
  const seen: BaileysEventMap[E][] = [];
  s.ev.on(event, (data) => seen.push(data));
  return seen;
};

const send = async (content: OutboundKind, messageId: string) => {
  const { jid, content: c, options } = toBaileysSend(content, { jid: CUSTOMER_JID, messageId });
  return (await sock.sendMessage(jid, c, options))!;
};

describe('FakeSocket.sendMessage', () => {
  it('is typed as the WASocket subset', () => {
    sock = new FakeSocket();
    const surface: BaileysSocketSurface = sock;
    expect(typeof surface.sendMessage).toBe('function');
  });

  it('records the call and returns a proto WebMessageInfo with our id, fromMe', async () => {
    sock = new FakeSocket({ now });
    sock.open();
    const msg = await send({ kind: 'text', text: 'Olá!' }, 'BAE5OUR0001');
    expect(msg).toBeInstanceOf(proto.WebMessageInfo);
    expect(msg.key).toMatchObject({ remoteJid: CUSTOMER_JID, fromMe: true, id: 'BAE5OUR0001' });
    expect(msg.status).toBe(proto.WebMessageInfo.Status.PENDING);
    expect(sock.sent).toHaveLength(1);
    expect(sock.sent[0]).toMatchObject({ jid: CUSTOMER_JID, content: { text: 'Olá!' }, options: { messageId: 'BAE5OUR0001' } });
  });

  it('echoes the sent message through messages.upsert (append), like emitOwnEvents', async () => {
    sock = new FakeSocket({ now });
    const upserts = collect(sock, 'messages.upsert');
    const msg = await send({ kind: 'text', text: 'eco' }, 'BAE5ECHO');
    await Promise.resolve();
    expect(upserts).toEqual([{ messages: [msg], type: 'append' }]);
  });

  it('echo can be turned off', async () => {
    sock = new FakeSocket({ now, echo: false });
    const upserts = collect(sock, 'messages.upsert');
    await send({ kind: 'text', text: 'x' }, 'BAE5NOECHO');
    await Promise.resolve();
    expect(upserts).toEqual([]);
  });

  it('failNextSend rejects once', async () => {
    sock = new FakeSocket({ now });
    sock.failNextSend = new Error('boom');
    await expect(send({ kind: 'text', text: 'x' }, 'A')).rejects.toThrow('boom');
    await expect(send({ kind: 'text', text: 'x' }, 'B')).resolves.toBeDefined();
    expect(sock.sent.map((s) => s.message.key.id)).toEqual(['B']);
  });
});

/** What we send, through Baileys' own message generation, back through mapInbound as our echo. */
describe('round trip: toBaileysSend → sendMessage → mapInbound (fromMe)', () => {
  const mine = { type: 'message', from: CUSTOMER, fromIsLid: false, isGroup: false, fromMe: true, timestamp: AT, isForwarded: false, viewOnce: false, ephemeral: false } as const;
  const bytes = Buffer.from('fake media bytes');

  it.each<[string, OutboundKind, Record<string, unknown>]>([
    ['text', { kind: 'text', text: 'Olá *Maria*' }, { kind: 'extendedText', body: 'Olá *Maria*' }],
    [
      'quoted text',
      { kind: 'text', text: 'Sim', quoted: { id: '3EB0ASK', fromMe: false, body: 'Tem?' } },
      { kind: 'extendedText', body: 'Sim', quotedId: '3EB0ASK' },
    ],
    [
      'image',
      { kind: 'image', media: { data: bytes, mimetype: 'image/jpeg' }, caption: 'foto' },
      { kind: 'image', body: 'foto', media: { mimetype: 'image/jpeg', caption: 'foto', fileLength: bytes.length } },
    ],
    [
      'document',
      { kind: 'document', media: { data: bytes, mimetype: 'application/pdf', fileName: 'b.pdf' } },
      { kind: 'document', body: 'b.pdf', media: { mimetype: 'application/pdf', fileName: 'b.pdf', fileLength: bytes.length } },
    ],
    [
      'voice note',
      { kind: 'voice', media: { data: bytes, mimetype: 'audio/ogg; codecs=opus' }, seconds: 3 },
      { kind: 'ptt', body: '', media: { mimetype: 'audio/ogg; codecs=opus', seconds: 3, fileLength: bytes.length } },
    ],
    [
      'mp3 voice note',
      { kind: 'voice', media: { data: bytes, mimetype: 'audio/mpeg' }, seconds: 3 },
      { kind: 'audio', body: '', media: { mimetype: 'audio/mpeg', seconds: 3, fileLength: bytes.length } },
    ],
    [
      'location',
      { kind: 'location', latitude: -15.5, longitude: -47.25, name: 'Loja' },
      { kind: 'location', body: '|https://maps.google.com/maps?q=-15.5%2C-47.25&z=17|Loja' },
    ],
    [
      'contact',
      { kind: 'contact', contacts: [{ name: 'Ana', number: '5561988887777' }] },
      { kind: 'contact', body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;type=VOICE;waid=5561988887777:+5561988887777\nEND:VCARD' },
    ],
    ['forwarded text', { kind: 'forward', content: { kind: 'text', text: 'promo' } }, { kind: 'extendedText', body: 'promo', isForwarded: true }],
    [
      'forwarded image',
      { kind: 'forward', content: { kind: 'image', media: { data: bytes, mimetype: 'image/png' } } },
      { kind: 'image', body: '', media: { mimetype: 'image/png', fileLength: bytes.length }, isForwarded: true },
    ],
  ])('%s', async (_name, content, expected) => {
    sock = new FakeSocket({ now });
    sock.open();
    const msg = await send(content, 'BAE5RT');
    expect(mapInbound(msg)).toStrictEqual({ ...mine, id: 'BAE5RT', ...expected });
  });

  it('reaction, edit and revoke come back as their events', async () => {
    sock = new FakeSocket({ now });
    sock.open();
    const target = { id: '3EB0TARGET', fromMe: true };
    expect(mapInbound(await send({ kind: 'reaction', target, emoji: '👍' }, 'R1'))).toStrictEqual({
      type: 'reaction',
      id: 'R1',
      targetId: '3EB0TARGET',
      emoji: '👍',
      fromMe: true,
      timestamp: AT,
      from: CUSTOMER,
      fromIsLid: false,
      isGroup: false,
    });
    expect(mapInbound(await send({ kind: 'edit', target, text: 'corrigido' }, 'E1'))).toMatchObject({ type: 'edit', targetId: '3EB0TARGET', body: 'corrigido', fromMe: true });
    expect(mapInbound(await send({ kind: 'revoke', target }, 'D1'))).toStrictEqual({ type: 'revoke', targetId: '3EB0TARGET', fromMe: true });
  });
});

describe('FakeSocket: network events', () => {
  it('connection: connecting, qr, open (user set), close with a Boom-like status code', () => {
    sock = new FakeSocket({ now });
    const updates = collect(sock, 'connection.update');
    sock.connecting();
    sock.qr('2@abc,def');
    expect(sock.user).toBeUndefined();
    sock.open({ isNewLogin: true });
    expect(sock.user?.id).toBe('5561999990000:7@s.whatsapp.net');
    sock.close(DisconnectReason.restartRequired);
    expect(updates.slice(0, 4)).toEqual([{ connection: 'connecting' }, { qr: '2@abc,def' }, { isNewLogin: true }, { connection: 'open', receivedPendingNotifications: true }]);
    const closing = updates[4]!;
    expect(closing.connection).toBe('close');
    expect((closing.lastDisconnect?.error as { output?: { statusCode: number } }).output?.statusCode).toBe(515);
    expect(closing.lastDisconnect?.date).toEqual(AT);
  });

  it('logout closes with 401 and drops connection listeners, like Baileys', async () => {
    sock = new FakeSocket({ now });
    const updates = collect(sock, 'connection.update');
    await sock.logout();
    expect(sock.loggedOut).toBe(true);
    expect((updates[0]?.lastDisconnect?.error as { output?: { statusCode: number } }).output?.statusCode).toBe(DisconnectReason.loggedOut);
    sock.close(500);
    expect(updates).toHaveLength(1);
  });

  it('messages.upsert carries fixtures the mapper understands; works through ev.process too', () => {
    sock = new FakeSocket();
    const mapped: unknown[] = [];
    sock.ev.process((events) => {
      for (const m of events['messages.upsert']?.messages ?? []) mapped.push(mapInbound(m));
    });
    sock.upsert([inbound.text, inbound.status] as WAMessage[]);
    expect(mapped).toMatchObject([{ type: 'message', id: '3EB0TEXT', from: CUSTOMER }, { type: 'ignored', reason: 'status-broadcast' }]);
  });

  it('ack() emits messages.update for a sent message', async () => {
    sock = new FakeSocket({ now });
    const updates = collect(sock, 'messages.update');
    await send({ kind: 'text', text: 'x' }, 'BAE5ACK');
    sock.ack('BAE5ACK', proto.WebMessageInfo.Status.DELIVERY_ACK);
    expect(updates.flat().map(mapUpdate)).toEqual([{ type: 'ack', id: 'BAE5ACK', ack: 3 }]);
  });

  it('reactions, calls and LID mappings are emitted as given', () => {
    sock = new FakeSocket();
    const reactions = collect(sock, 'messages.reaction');
    const callEvents = collect(sock, 'call');
    const mappings = collect(sock, 'lid-mapping.update');
    const entry = { key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'BAE5X' }, reaction: { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'R' }, text: '🙏' } };
    sock.reaction([entry]);
    sock.call([calls.voiceOfferFromLid]);
    sock.lidMapping('201234567890123@lid', CUSTOMER_JID);
    expect(reactions).toEqual([[entry]]);
    expect(callEvents.flat().map((c) => mapCall(c))).toMatchObject([{ type: 'call', id: 'CALLOFFER1', from: CUSTOMER }]);
    expect(mappings).toEqual([{ lid: '201234567890123@lid', pn: CUSTOMER_JID }]);
  });
});

describe('FakeSocket: queries and actions', () => {
  it('onWhatsApp answers for registered numbers only (the old form of a Brazilian mobile here)', async () => {
    sock = new FakeSocket({ registered: [CUSTOMER_JID] });
    expect(await sock.onWhatsApp(...pnJidCandidates(CUSTOMER))).toEqual([{ jid: CUSTOMER_JID, exists: true }]);
    expect(await sock.onWhatsApp('+5511900000000')).toEqual([]);
    expect(sock.whatsAppQueries).toEqual([['5561981234567@s.whatsapp.net', '556181234567@s.whatsapp.net'], ['+5511900000000']]);
  });

  it('records reads, presence, call rejections and media re-uploads; serves profile pictures', async () => {
    sock = new FakeSocket();
    sock.profilePictures.set(CUSTOMER_JID, 'https://pps.whatsapp.net/p.jpg');
    const key = { remoteJid: CUSTOMER_JID, fromMe: false, id: '3EB0TEXT' };
    await sock.readMessages([key]);
    await sock.sendPresenceUpdate('composing', CUSTOMER_JID);
    await sock.rejectCall('CALL1', '201234567890123@lid');
    expect(await sock.updateMediaMessage(inbound.image)).toBe(inbound.image);
    expect(await sock.profilePictureUrl(CUSTOMER_JID, 'image')).toBe('https://pps.whatsapp.net/p.jpg');
    expect(await sock.profilePictureUrl('5511900000000@s.whatsapp.net')).toBeUndefined();
    expect(sock.reads).toEqual([[key]]);
    expect(sock.presences).toEqual([{ type: 'composing', toJid: CUSTOMER_JID }]);
    expect(sock.rejectedCalls).toEqual([{ callId: 'CALL1', callFrom: '201234567890123@lid' }]);
    expect(sock.mediaUpdates).toEqual([inbound.image]);
  });

  it('end emits close once with the given error', async () => {
    sock = new FakeSocket({ now });
    const updates = collect(sock, 'connection.update');
    await sock.end(undefined);
    await sock.end(new Error('again'));
    expect(updates).toEqual([{ connection: 'close', lastDisconnect: { error: undefined, date: AT } }]);
    expect(sock.ended).toEqual({ error: undefined });
  });
});
