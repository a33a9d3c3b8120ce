import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BufferJSON, type WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelError } from '../whatsapp.port';
import { BoundedCache } from '../../../lib/bounded-cache';
import { BaileysOutboundSender, type OutboundSenderContext } from './outbound-sender';
import { toPnJid } from './phone';
import { reviveContent } from './stored-message';
import { boomLike, FakeSocket } from './test/fake-socket';
import { detectTranscoder, type VoiceTranscoder } from './voice-transcoder';

const CUSTOMER = '5561981234567';
const mp3 = { data: Buffer.from('ID3-mp3'), mimetype: 'audio/mpeg', fileName: 'gravacao.mp3' };

let emptyDir: string;
beforeAll(async () => {
  emptyDir = await mkdtemp(join(tmpdir(), 'balcao-no-ffmpeg-'));
});
afterAll(() => rm(emptyDir, { recursive: true, force: true }));

const setup = (over: Partial<OutboundSenderContext> = {}, sock: FakeSocket | undefined = new FakeSocket({ registered: [toPnJid(CUSTOMER)], echo: false })) => {
  const sender = new BaileysOutboundSender({ socket: () => sock, ownIds: new BoundedCache(10, 60_000), callers: new BoundedCache(10, 60_000), transcodeVoice: null, ...over });
  return { sender, sock: sock! };
};

const channelError = async (p: Promise<unknown>): Promise<ChannelError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChannelError);
  return err as ChannelError;
};

describe('BaileysOutboundSender: voice notes', () => {
  it('with a transcoder, an mp3 voice note goes as an ogg/opus push-to-talk note', async () => {
    const seen: unknown[] = [];
    const transcodeVoice: VoiceTranscoder = async (media) => {
      seen.push(media);
      return { data: Buffer.from('OggS-opus'), mimetype: 'audio/ogg; codecs=opus' };
    };
    const { sender, sock } = setup({ transcodeVoice });
    await sender.send(CUSTOMER, { kind: 'voice', media: mp3, seconds: 4 }, { id: 'V1' });
    expect(seen).toEqual([mp3]);
    expect(sock.sent[0]!.content).toMatchObject({ audio: Buffer.from('OggS-opus'), mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 4 });
    expect(sock.sent[0]!.message.message?.audioMessage).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' });
  });

  it('where no ffmpeg is found (real lookup on a PATH without it), the mp3 goes as plain audio/mpeg', async () => {
    const transcodeVoice = (await detectTranscoder(emptyDir)) ?? null;
    expect(transcodeVoice).toBeNull();
    const { sender, sock } = setup({ transcodeVoice });
    await sender.send(CUSTOMER, { kind: 'voice', media: mp3 }, { id: 'V2' });
    expect(sock.sent[0]!.content).toMatchObject({ audio: mp3.data, mimetype: 'audio/mpeg', ptt: false });
  });

  it('a failing transcoder does not lose the note: it goes as audio', async () => {
    const { sender, sock } = setup({ transcodeVoice: () => Promise.reject(new Error('ffmpeg failed (1)')) });
    await sender.send(CUSTOMER, { kind: 'forward', content: { kind: 'voice', media: mp3 } }, { id: 'V3' });
    expect(sock.sent[0]!.content).toMatchObject({ mimetype: 'audio/mpeg', ptt: false, contextInfo: { isForwarded: true } });
  });

  it('an ogg/opus note is never transcoded again', async () => {
    const { sender, sock } = setup({ transcodeVoice: () => Promise.reject(new Error('must not be called')) });
    await sender.send(CUSTOMER, { kind: 'voice', media: { data: Buffer.from('OggS'), mimetype: 'audio/ogg' } }, { id: 'V4' });
    expect(sock.sent[0]!.content).toMatchObject({ ptt: true });
  });
});

describe('BaileysOutboundSender: what a send returns and how it fails', () => {
  it('returns the sent WAMessage JSON-safe; revived, it is the content that was sent', async () => {
    const { sender, sock } = setup();
    const ref = await sender.send(CUSTOMER, { kind: 'image', media: { data: Buffer.from('jpeg-bytes'), mimetype: 'image/jpeg' }, caption: 'foto' }, { id: 'R1' });
    const sent = sock.sent[0]!.message;
    expect(ref.id).toBe('R1');
    expect(JSON.parse(JSON.stringify(ref.raw))).toEqual(ref.raw);
    expect((ref.raw as WAMessage).key).toEqual(sent.key);
    const revived = reviveContent(ref.raw)!;
    expect(revived.imageMessage?.caption).toBe('foto');
    // Bytes (media keys, hashes) come back as bytes.
    expect(Buffer.from(revived.imageMessage!.mediaKey!)).toEqual(Buffer.from(sent.message!.imageMessage!.mediaKey!));
    expect(JSON.stringify(revived, BufferJSON.replacer)).toEqual(JSON.stringify(sent.message, BufferJSON.replacer));
  });

  it('checks a new number once, then sends to the JID WhatsApp knows it by', async () => {
    const { sender, sock } = setup();
    await sender.send(CUSTOMER, { kind: 'text', text: 'um' }, { id: 'C1' });
    await sender.send(CUSTOMER, { kind: 'text', text: 'dois' }, { id: 'C2' });
    await sender.send(CUSTOMER, { kind: 'reaction', target: { id: 'C1', fromMe: true }, emoji: '👍' }, { id: 'C3' });
    expect(sock.whatsAppQueries).toEqual([[toPnJid(CUSTOMER)]]);
    expect(sock.sent.map((s) => s.jid)).toEqual([toPnJid(CUSTOMER), toPnJid(CUSTOMER), toPnJid(CUSTOMER)]);
  });

  it('a number not on WhatsApp: ERR_WAPP_INVALID_CONTACT, permanent, nothing sent', async () => {
    const { sender, sock } = setup();
    const err = await channelError(sender.send('5561900000000', { kind: 'text', text: 'oi' }, { id: 'N1' }));
    expect([err.code, err.temporary]).toEqual(['ERR_WAPP_INVALID_CONTACT', false]);
    expect(sock.sent).toEqual([]);
  });

  it('a failing number check: ERR_WAPP_CHECK_CONTACT, temporary', async () => {
    const { sender, sock } = setup();
    sock.onWhatsApp = () => Promise.reject(boomLike(408, 'Timed Out'));
    const err = await channelError(sender.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'N2' }));
    expect([err.code, err.temporary]).toEqual(['ERR_WAPP_CHECK_CONTACT', true]);
  });

  it('a Boom from the socket: ERR_SENDING_WAPP_MSG, temporary; for a revoke, ERR_DELETE_WAPP_MSG', async () => {
    const { sender, sock } = setup();
    sock.failNextSend = boomLike(428, 'Connection Closed');
    const send = await channelError(sender.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'B1' }));
    expect([send.code, send.temporary, send.message]).toEqual(['ERR_SENDING_WAPP_MSG', true, 'Connection Closed']);
    sock.failNextSend = boomLike(500, 'Internal Server Error');
    const revoke = await channelError(sender.send(CUSTOMER, { kind: 'revoke', target: { id: 'B0', fromMe: true } }, { id: 'B2' }));
    expect([revoke.code, revoke.temporary]).toEqual(['ERR_DELETE_WAPP_MSG', true]);
  });

  it('a network reset is temporary; a media file that is not there is permanent', async () => {
    const { sender, sock } = setup();
    sock.failNextSend = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect((await channelError(sender.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'E1' }))).temporary).toBe(true);
    const missing = await channelError(sender.send(CUSTOMER, { kind: 'document', media: { data: { path: join(emptyDir, 'sumiu.pdf') }, mimetype: 'application/pdf' } }, { id: 'E2' }));
    expect([missing.code, missing.temporary]).toEqual(['ERR_SENDING_WAPP_MSG', false]);
  });

  it('no open socket: ERR_WAPP_NOT_INITIALIZED, temporary', async () => {
    const sender = new BaileysOutboundSender({ socket: () => undefined, ownIds: new BoundedCache(10, 60_000), callers: new BoundedCache(10, 60_000) });
    const err = await channelError(sender.send(CUSTOMER, { kind: 'text', text: 'oi' }, { id: 'X1' }));
    expect([err.code, err.temporary]).toEqual(['ERR_WAPP_NOT_INITIALIZED', true]);
  });
});

describe('reviveContent', () => {
  it('is undefined for nothing stored or a raw without content', () => {
    expect(reviveContent(undefined)).toBeUndefined();
    expect(reviveContent(null)).toBeUndefined();
    expect(reviveContent({ key: { id: 'X' } })).toBeUndefined();
  });
});
