/**
 * The socket seam of the Baileys adapter: what the channel may touch on a socket and what it
 * hands to the factory. Types only: the real factory over `makeWASocket` is real-socket.ts,
 * loaded with the first Baileys connection (session-manager.ts).
 */
import type makeWASocket from '@whiskeysockets/baileys';
import type { AuthenticationState, WAMessageContent, WAMessageKey, WASocket, WAVersion } from '@whiskeysockets/baileys';

/** What the adapter may touch on a socket; the real `WASocket` satisfies it (tests: FakeSocket). */
export type BaileysSocketSurface = Pick<
  WASocket,
  | 'ev'
  | 'user'
  | 'sendMessage'
  | 'readMessages'
  | 'sendPresenceUpdate'
  | 'presenceSubscribe'
  | 'onWhatsApp'
  | 'profilePictureUrl'
  | 'updateMediaMessage'
  | 'rejectCall'
  | 'logout'
  | 'end'
  // Pairing by phone number: asked once the server waits for pairing (the first `qr` update).
  | 'requestPairingCode'
  // The watchdog's probe: an IQ round-trip to the server (see baileys.channel.ts).
  | 'query'
>;

export interface BaileysSocketOptions {
  auth: AuthenticationState;
  /** Baileys asks for a message it must re-encrypt (retry receipts); undefined when unknown. */
  getMessage: (key: WAMessageKey) => Promise<WAMessageContent | undefined>;
  /** The WhatsApp Web version to announce; undefined = the one bundled with Baileys. */
  version?: WAVersion;
}

export type BaileysSocketFactory = (opts: BaileysSocketOptions) => BaileysSocketSurface;

type BaileysLogger = NonNullable<Parameters<typeof makeWASocket>[0]['logger']>;

/** Baileys logs through pino by default; we keep its noise out of our logs. */
export const silentLogger: BaileysLogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
