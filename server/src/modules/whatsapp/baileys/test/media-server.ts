/**
 * WhatsApp's media CDN, locally: inbound media messages are built with Baileys' own
 * `generateWAMessage` (real AES-256-CBC encryption, real media keys and hashes) and their
 * encrypted file "uploaded" here, so `downloadMediaMessage` fetches and decrypts real bytes.
 *
 * Baileys downloads from `https://<host of url><directPath>` when a message has a
 * `directPath`, else from `url` as is (messages-media.ts `downloadContentFromMessage`). Real
 * messages always carry a directPath on WhatsApp's https hosts; these carry none, so the plain
 * http `url` of this server is fetched.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateWAMessage, type AnyMessageContent, type WAMediaUploadFunction, type WAMessage } from '@whiskeysockets/baileys';
import { toVcard } from '../../message-body';
import type { CustomerContent } from '../../test/customer-content';
import { silentLogger } from '../socket';
import { toPnJid } from '../phone';

export class MediaServer {
  /** Encrypted files by path. */
  private readonly files = new Map<string, Buffer>();
  /** Paths answered 404 this many more times. */
  private readonly gone = new Map<string, number>();
  /** Every GET, in order. */
  readonly requests: string[] = [];

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly base: string,
  ) {}

  static async start(): Promise<MediaServer> {
    const state: { self?: MediaServer } = {};
    const server = createServer((req, res) => {
      const self = state.self!;
      const path = req.url ?? '';
      self.requests.push(path);
      const left = self.gone.get(path) ?? 0;
      const file = self.files.get(path);
      if (left > 0) self.gone.set(path, left - 1);
      if (left > 0 || !file) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.length }).end(file);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    state.self = new MediaServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return state.self;
  }

  /** Baileys' upload hook: keeps the encrypted file (read now: Baileys deletes it right after). */
  readonly upload: WAMediaUploadFunction = async (encFilePath, { mediaType }) => {
    const path = `/v/t62/${mediaType}/${randomBytes(8).toString('hex')}.enc`;
    this.files.set(path, await readFile(encFilePath));
    return { mediaUrl: `${this.base}${path}`, directPath: '' };
  };

  /** The next `times` downloads of `url` answer 404 (the CDN dropped the file). */
  failNext(url: string, times = 1): void {
    this.gone.set(new URL(url).pathname, times);
  }

  /** The stored file is damaged (a byte flipped in its first block). */
  corrupt(url: string): void {
    const file = this.files.get(new URL(url).pathname)!;
    file[0] = file[0]! ^ 0xff;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The media URL inside a media message (for `failNext`/`corrupt`). */
export const mediaUrlOf = (msg: WAMessage): string => {
  const m = msg.message!;
  const inner = m.imageMessage ?? m.videoMessage ?? m.audioMessage ?? m.documentMessage ?? m.stickerMessage ?? m.ptvMessage;
  return inner!.url!;
};

/**
 * A customer's media message as the network delivers it, its file on `server`. Thumbnails,
 * durations and waveforms are given so Baileys needs no image or audio library.
 */
export const incomingMedia = async (server: MediaServer, from: string, content: AnyMessageContent, id = `3EB0${randomBytes(8).toString('hex').toUpperCase()}`): Promise<WAMessage> => {
  const jid = toPnJid(from);
  const built = await generateWAMessage(jid, content, { logger: silentLogger, userJid: jid, upload: server.upload, messageId: id });
  return { ...built, key: { remoteJid: jid, fromMe: false, id }, pushName: 'Cliente' } as WAMessage;
};

/** Baileys content; thumbnails and durations given so no image/audio library is needed (a voice note's waveform fails quietly). */
const toBaileysContent = (c: CustomerContent): AnyMessageContent => {
  switch (c.kind) {
    case 'image':
      return { image: c.data, mimetype: c.mimetype, jpegThumbnail: '', ...(c.caption ? { caption: c.caption } : {}) };
    case 'video':
      return { video: c.data, mimetype: c.mimetype, jpegThumbnail: '', seconds: 3, ...(c.caption ? { caption: c.caption } : {}) };
    case 'audio':
      return { audio: c.data, mimetype: c.mimetype, seconds: 2 };
    case 'ptt':
      return { audio: c.data, mimetype: c.mimetype, seconds: 2, ptt: true };
    case 'document':
      return { document: c.data, mimetype: c.mimetype, fileName: c.fileName ?? 'file', ...(c.caption ? { caption: c.caption } : {}) };
    case 'sticker':
      return { sticker: c.data };
    case 'location':
      return { location: { degreesLatitude: c.latitude, degreesLongitude: c.longitude, ...(c.description ? { name: c.description } : {}) } };
    case 'contact':
      return { contacts: { displayName: c.name, contacts: [{ vcard: toVcard(c) }] } };
  }
};

let shared: Promise<MediaServer> | undefined;
/** One local CDN per test file (its socket does not keep the worker alive). */
export const sharedMediaServer = (): Promise<MediaServer> => (shared ??= MediaServer.start());

export const toBaileysMessage = async (from: string, c: CustomerContent): Promise<WAMessage> => incomingMedia(await sharedMediaServer(), from, toBaileysContent(c));
