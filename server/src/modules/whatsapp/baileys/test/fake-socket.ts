/**
 * A stand-in for Baileys' `WASocket` in adapter contract tests: the subset the adapter uses
 * (`BaileysSocketSurface`), a real Baileys event emitter (`makeEventBuffer`), and helpers that
 * emit what the network would. `sendMessage` builds its result with Baileys' own
 * `generateWAMessage` (media "uploaded" to a fake server), records the call and, like the real
 * socket (`emitOwnEvents`), echoes the message through `messages.upsert` (type `append`).
 */
import {
  DisconnectReason,
  generateMessageIDV2,
  generateWAMessage,
  makeEventBuffer,
  proto,
  type AnyMessageContent,
  type BaileysEventMap,
  type ConnectionState,
  type Contact,
  type MessageUpsertType,
  type MiscMessageGenerationOptions,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  type WAPresence,
  type WASocket,
} from '@whiskeysockets/baileys';

import { silentLogger, type BaileysSocketSurface } from '../socket';

export type { BaileysSocketSurface };

export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions | undefined;
  message: WAMessage;
}

/** The error shape Baileys closes connections with (a Boom): `lastDisconnect.error.output.statusCode`. */
export interface BoomLike extends Error {
  isBoom: true;
  output: { statusCode: number; payload: { statusCode: number; error: string; message: string } };
}

export const boomLike = (statusCode: number, message = `Connection closed (${statusCode})`): BoomLike =>
  Object.assign(new Error(message), {
    isBoom: true as const,
    output: { statusCode, payload: { statusCode, error: 'Error', message } },
  });

export interface FakeSocketOptions {
  /** Our account (`sock.user` once open). */
  user?: Contact;
  /** PN JIDs that exist on WhatsApp (`onWhatsApp` answers for these only, as Baileys does). */
  registered?: string[];
  /** Echo sent messages through `messages.upsert` (Baileys' default `emitOwnEvents: true`). */
  echo?: boolean;
  /** Clock for sent messages' timestamps. */
  now?: () => Date;
}

export const DEFAULT_USER: Contact = { id: '5561999990000:7@s.whatsapp.net', lid: '100000000000001:7@lid', name: 'Balcão Loja' };

export class FakeSocket implements BaileysSocketSurface {
  readonly ev = makeEventBuffer(silentLogger);
  user: Contact | undefined;

  /** Everything the code under test did, in order. */
  readonly sent: SentMessage[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly presences: { type: WAPresence; toJid: string | undefined }[] = [];
  readonly rejectedCalls: { callId: string; callFrom: string }[] = [];
  readonly mediaUpdates: WAMessage[] = [];
  readonly whatsAppQueries: string[][] = [];
  loggedOut = false;
  ended: { error: Error | undefined } | undefined;

  /** PN JIDs that exist on WhatsApp. */
  readonly registered: Set<string>;
  /** Profile picture URL per JID (missing = no picture). */
  readonly profilePictures = new Map<string, string>();
  /** When set, the next `sendMessage` rejects with it (then it clears). */
  failNextSend: Error | undefined;
  /** Phone numbers `requestPairingCode` was asked for, and the code it answers. */
  readonly pairingRequests: string[] = [];
  pairingCode = 'K7QM2XPA';
  /** IQ nodes sent with `query` (the watchdog's probe), and how the "server" answers them. */
  readonly queries: Parameters<WASocket['query']>[0][] = [];
  queryAnswer: 'answer' | 'fail' | 'hang' = 'answer';

  private readonly account: Contact;
  private readonly echo: boolean;
  private readonly now: () => Date;

  constructor(opts: FakeSocketOptions = {}) {
    this.account = opts.user ?? DEFAULT_USER;
    this.registered = new Set(opts.registered ?? []);
    this.echo = opts.echo ?? true;
    this.now = opts.now ?? (() => new Date());
  }

  // --- the WASocket subset ------------------------------------------------------------------

  sendMessage: WASocket['sendMessage'] = async (jid, content, options) => {
    if (this.failNextSend) {
      const err = this.failNextSend;
      this.failNextSend = undefined;
      throw err;
    }
    const message = await generateWAMessage(jid, content, {
      logger: silentLogger,
      userJid: (this.user ?? this.account).id,
      upload: async (_path, { fileEncSha256B64, mediaType }) => ({
        mediaUrl: `https://mmg.whatsapp.net/fake/${mediaType}/${encodeURIComponent(fileEncSha256B64)}`,
        directPath: `/fake/${mediaType}/${encodeURIComponent(fileEncSha256B64)}`,
      }),
      timestamp: this.now(),
      ...options,
      messageId: options?.messageId ?? generateMessageIDV2((this.user ?? this.account).id),
    });
    this.sent.push({ jid, content, options, message });
    if (this.echo) queueMicrotask(() => this.upsert([message], 'append'));
    return message;
  };

  readMessages: WASocket['readMessages'] = async (keys) => {
    this.reads.push(keys);
  };

  sendPresenceUpdate: WASocket['sendPresenceUpdate'] = async (type, toJid) => {
    this.presences.push({ type, toJid });
  };

  /** JIDs whose presence we asked to receive, in order. */
  readonly presenceSubscriptions: string[] = [];

  presenceSubscribe: WASocket['presenceSubscribe'] = async (toJid) => {
    this.presenceSubscriptions.push(toJid);
  };

  /** The contact's chat state, as Baileys reports a `chatstate`/`presence` node. */
  presence(jid: string, lastKnownPresence: WAPresence): void {
    this.emit('presence.update', { id: jid, presences: { [jid]: { lastKnownPresence } } });
  }

  onWhatsApp: WASocket['onWhatsApp'] = async (...numbers) => {
    this.whatsAppQueries.push(numbers);
    return numbers
      .map((n) => `${n.replace('+', '').split('@')[0]!.split(':')[0]}@s.whatsapp.net`)
      .filter((jid) => this.registered.has(jid))
      .map((jid) => ({ jid, exists: true }));
  };

  /** JIDs whose profile picture was asked for, in order. */
  readonly profilePictureQueries: string[] = [];

  profilePictureUrl: WASocket['profilePictureUrl'] = async (jid) => {
    this.profilePictureQueries.push(jid);
    return this.profilePictures.get(jid);
  };

  updateMediaMessage: WASocket['updateMediaMessage'] = async (message) => {
    this.mediaUpdates.push(message);
    return message;
  };

  rejectCall: WASocket['rejectCall'] = async (callId, callFrom) => {
    this.rejectedCalls.push({ callId, callFrom });
  };

  /** Like Baileys: stores the number in the creds (`creds.update`), answers the 8-character code. */
  requestPairingCode: WASocket['requestPairingCode'] = async (phoneNumber) => {
    this.pairingRequests.push(phoneNumber);
    this.emit('creds.update', { me: { id: `${phoneNumber}@s.whatsapp.net`, name: '~' }, pairingCode: this.pairingCode });
    return this.pairingCode;
  };

  /** An IQ round-trip: answered, failed (a Boom 408 like Baileys' timeout) or never answered. */
  query: WASocket['query'] = (node) => {
    this.queries.push(node);
    if (this.queryAnswer === 'hang') return new Promise(() => undefined);
    if (this.queryAnswer === 'fail') return Promise.reject(boomLike(DisconnectReason.timedOut, 'Timed Out'));
    return Promise.resolve({ tag: 'iq', attrs: { type: 'result', id: node.attrs.id ?? '' } });
  };

  /** Like Baileys: ends the connection with a 401 (loggedOut) close. */
  logout: WASocket['logout'] = async (msg) => {
    this.loggedOut = true;
    await this.end(boomLike(DisconnectReason.loggedOut, msg || 'Intentional Logout'));
  };

  /** Like Baileys: emits `connection: close` with the error, then drops connection listeners. */
  end: WASocket['end'] = async (error) => {
    if (this.ended) return;
    this.ended = { error };
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: this.now() } });
    this.ev.removeAllListeners('connection.update');
  };

  // --- what the network would do --------------------------------------------------------------

  emit<E extends keyof BaileysEventMap>(event: E, data: BaileysEventMap[E]): void {
    this.ev.emit(event, data);
  }

  connectionUpdate(update: Partial<ConnectionState>): void {
    this.emit('connection.update', update);
  }

  connecting(): void {
    this.connectionUpdate({ connection: 'connecting' });
  }

  qr(code: string): void {
    this.connectionUpdate({ qr: code });
  }

  /** The account is linked and online: `user` is set, then `connection: open`. */
  open(opts: { isNewLogin?: boolean } = {}): void {
    this.user = this.account;
    if (opts.isNewLogin) this.connectionUpdate({ isNewLogin: true });
    this.connectionUpdate({ connection: 'open', receivedPendingNotifications: true });
  }

  /** The network closed the connection (`DisconnectReason` codes: 401 logged out, 515 restart, 440 replaced…). */
  close(statusCode: number, message?: string): void {
    this.connectionUpdate({ connection: 'close', lastDisconnect: { error: boomLike(statusCode, message), date: this.now() } });
  }

  upsert(messages: WAMessage[], type: MessageUpsertType = 'notify'): void {
    this.emit('messages.upsert', { messages, type });
  }

  update(entries: WAMessageUpdate[]): void {
    this.emit('messages.update', entries);
  }

  /** Receipt for a message we sent (`proto.WebMessageInfo.Status`). */
  ack(id: string, status: proto.WebMessageInfo.Status, remoteJid?: string): void {
    const sent = this.sent.find((s) => s.message.key.id === id);
    this.update([{ key: { remoteJid: remoteJid ?? sent?.jid, fromMe: true, id }, update: { status } }]);
  }

  reaction(entries: BaileysEventMap['messages.reaction']): void {
    this.emit('messages.reaction', entries);
  }

  call(entries: WACallEvent[]): void {
    this.emit('call', entries);
  }

  lidMapping(lid: string, pn: string): void {
    this.emit('lid-mapping.update', { lid, pn });
  }
}
