import type { ConnectionStatus, ErrorCode, WhatsappAlertKind } from '@balcao/shared';
import { AppError } from '../../infra/errors';
import type { MessageKind, OutboundKind } from './channel-content';

export type { MessageKind, OutboundKind } from './channel-content';

/** A message as the channel delivered it, normalized for the inbound pipeline. */
export interface InboundMessage {
  /** The channel's message id (idempotency key with the connection). */
  id: string;
  /**
   * Customer's number, digits only, already normalized — or, with `fromKind`, the other identifier
   * the channel knows them by (a LID's digits, a Cloud business-scoped user id, a username).
   */
  from: string;
  /** What `from` is when it is not a phone number (issue 29 §5): the contact is the one it is mapped to. */
  fromKind?: IdentityKind;
  /**
   * Every identifier the channel knows for the sender of a 1:1 chat, `from` among them: two or more
   * teach the company that they are one person (their contacts merge; decision 0421).
   */
  identities?: SenderIds;
  pushName?: string;
  timestamp: Date;
  body: string;
  mediaType?: string | null;
  isGroup: boolean;
  fromMe: boolean;
  quotedId?: string;
  /** What kind of message it was (the sandbox sends text unless told otherwise). */
  kind?: MessageKind;
  /** Media the channel can fetch with `downloadMedia` (the pipeline does, at receipt). */
  media?: InboundMedia;
  isForwarded?: boolean;
  /**
   * The channel's own message, JSON-safe (Baileys: the `WAMessage` through `BufferJSON`). Stored
   * with the message: it answers WhatsApp's retry requests, re-downloads media and forwards.
   */
  raw?: unknown;
}

/** An identifier of a customer other than their phone number (decision 0420). */
export type IdentityKind = 'lid' | 'cloud_user_id' | 'username';

/**
 * The identifiers a channel knows for one customer: the phone (normalized digits), the Baileys LID
 * (digits), the Cloud API's business-scoped user id (`BR.1502…`) and username.
 */
export interface SenderIds {
  phone?: string;
  lid?: string;
  cloudUserId?: string;
  username?: string;
}

/**
 * A customer's identifiers changed (Meta's `user_changed_number` / `user_changed_user_id` system
 * messages; decision 0424): the contact the previous ones name keeps its tickets under the current ones.
 */
export interface IdentityChangeUpdate {
  previous: SenderIds;
  current: SenderIds;
}

export interface InboundMedia {
  mimetype: string;
  fileName?: string;
  /** Bytes, as announced by the sender. */
  fileLength?: number;
  seconds?: number;
}

export interface AckUpdate {
  id: string;
  ack: number;
  /**
   * Why a failed (-1) message failed, in the channel's words (the Cloud API's status error:
   * "<code> <details>"); stored on the message (`errorDetail`) and shown under it. Absent when the
   * channel gives no reason.
   */
  error?: string;
}

/** The customer edited one of their messages: the stored body of `id` becomes `body`. */
export interface EditUpdate {
  /** The edited (target) message's channel id. */
  id: string;
  body: string;
  at: Date;
}

/** The customer deleted one of their messages for everyone. */
export interface RevokeUpdate {
  /** The deleted (target) message's channel id. */
  id: string;
}

/** A reaction to a message of the chat; `emoji` '' means the reaction was removed. */
export interface ReactionUpdate {
  /** The reaction's own channel id. */
  id: string;
  /** The channel id of the message reacted to. */
  targetId: string;
  emoji: string;
  fromMe: boolean;
  /** Who reacted: the customer's number (digits), or ours when `fromMe`. */
  from: string;
}

/** An incoming voice or video call offer (server-behaviour §5.8). */
export interface CallOffer {
  /** The channel's call id (`rejectCall` needs it). */
  id: string;
  /** The caller's number, digits (or another identifier, with `fromKind`; decision 0420). */
  from: string;
  fromKind?: IdentityKind;
  isVideo: boolean;
  at: Date;
}

/** The customer's chat state: typing, recording a voice note, stopped, online, offline. */
export interface PresenceUpdate {
  /** The customer's number, digits (or another identifier, with `fromKind`; decision 0420). */
  from: string;
  fromKind?: IdentityKind;
  presence: Presence;
}

export interface StatusUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  /** The 8-character code to type on the phone (status PAIRING). */
  pairingCode?: string;
  number?: string;
  /** The company's admins must be told (the failure policy's `alert`), in the timeline's words. */
  alert?: { kind: WhatsappAlertKind; code: number | null; reason: string };
}

/** What to send: text, media, location, contact cards, a reaction, an edit, a revoke or a forward. */
export type OutboundContent = OutboundKind;

export interface SentRef {
  id: string;
  /** The channel's own copy of what it sent (JSON-safe), stored for retries and forwards. */
  raw?: unknown;
}

export type Presence = 'composing' | 'recording' | 'paused' | 'available' | 'unavailable';

/** Why a channel call failed, in the error catalogue's words; `temporary` ones are retried. */
export type ChannelErrorCode = Extract<
  ErrorCode,
  'ERR_WAPP_NOT_INITIALIZED' | 'ERR_WAPP_INVALID_CONTACT' | 'ERR_WAPP_CHECK_CONTACT' | 'ERR_SENDING_WAPP_MSG' | 'ERR_WAPP_DOWNLOAD_MEDIA' | 'ERR_DELETE_WAPP_MSG'
>;

/**
 * A channel call that failed. The send worker records `code` on the message (`errorCode`) and
 * retries only `temporary` failures; routes answer it like any AppError.
 */
export class ChannelError extends AppError {
  constructor(
    override readonly code: ChannelErrorCode,
    readonly temporary: boolean,
    message?: string,
  ) {
    super(code, message);
  }
}

export interface ChannelEvents {
  message: InboundMessage;
  ack: AckUpdate;
  status: StatusUpdate;
  /** Updates the target message; never creates a ticket. */
  edit: EditUpdate;
  /** Marks the target message deleted; never creates a ticket. */
  revoke: RevokeUpdate;
  /** Adds, replaces or ('' emoji) removes the sender's reaction on the target message. */
  reaction: ReactionUpdate;
  /** Logged on the caller's live ticket; rejected when the company disabled calls. */
  call: CallOffer;
  /** Shown on the customer's live ticket ('Digitando...'); never stored, never a ticket. */
  presence: PresenceUpdate;
  /** The channel learned that these identifiers are one customer (Baileys' LID ↔ phone pairs); never a ticket. */
  identity: SenderIds;
  /** The customer's identifiers changed (a new phone, a new Cloud user id); never a ticket. */
  identityChange: IdentityChangeUpdate;
}

export type ChannelListener<E extends keyof ChannelEvents> = (payload: ChannelEvents[E]) => Promise<void> | void;

/**
 * One WhatsApp connection (a `whatsapps` row). Adapters: `sandbox/` (a simulated phone) and
 * `baileys/` (the real network). The session manager owns instances; nothing else creates them.
 */
export interface WhatsAppChannel {
  readonly whatsappId: number;
  /** OPENING → qrcode (or pairing) → CONNECTED; the sandbox connects at once. */
  connect(): Promise<void>;
  disconnect(opts?: { logout?: boolean }): Promise<void>;
  /**
   * Sends to a number (digits). `id` is our pre-generated message id, so the channel's echo and
   * acks reconcile with the row written before the send.
   */
  send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef>;
  /** Declines an incoming call (`id`, `from` as the `call` event gave them). */
  rejectCall(id: string, from: string): Promise<void>;
  /** The bytes of an inbound message's media (`raw` as the message event gave it). */
  downloadMedia(message: { id: string; raw: unknown }): Promise<Buffer>;
  /** "digitando…", "gravando áudio…" in the customer's chat. */
  sendPresence(to: string, presence: Presence): Promise<void>;
  /** Blue ticks on the customer's messages `ids` (only when an agent opens the ticket). */
  markRead(from: string, ids: string[]): Promise<void>;
  /** Whether `number` has WhatsApp, and the number WhatsApp knows it by (digits). */
  checkNumber(number: string): Promise<{ exists: boolean; number: string }>;
  /** The contact's profile picture URL, undefined when hidden or absent. */
  profilePicture(number: string): Promise<string | undefined>;
  /** Subscribes; returns the unsubscribe function. Listeners may be async: emit awaits them. */
  on<E extends keyof ChannelEvents>(event: E, listener: ChannelListener<E>): () => void;
}

/** A typed emitter whose emit awaits async listeners (so ingest completes before an answer). */
export class ChannelEmitter {
  private readonly listeners = new Map<keyof ChannelEvents, Set<ChannelListener<keyof ChannelEvents>>>();

  on<E extends keyof ChannelEvents>(event: E, listener: ChannelListener<E>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as ChannelListener<keyof ChannelEvents>);
    this.listeners.set(event, set);
    return () => set.delete(listener as ChannelListener<keyof ChannelEvents>);
  }

  async emit<E extends keyof ChannelEvents>(event: E, payload: ChannelEvents[E]): Promise<void> {
    for (const l of this.listeners.get(event) ?? []) await l(payload);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** What the pipeline needs to know of the connection an event came from. */
export interface ConnectionFacts {
  id: number;
  companyId: number;
  /** Queues of the connection; with exactly one, new tickets go straight to it. */
  queueIds: number[];
}

/**
 * Where a connection's channel events go: the conversation pipeline (contact → ticket → message)
 * lives in the messages module and implements this; the whatsapp module only adapts channels.
 */
export interface ChannelSink {
  /** Subscribes to every pipeline event of the channel (not statuses); returns one unsubscribe. */
  attachChannel(channel: WhatsAppChannel, conn: ConnectionFacts): () => void;
  /**
   * The channel message we stored with one of our messages (`messages.raw`), for a recipient's
   * retry request; undefined when unknown. Without it a retry request finds nothing.
   */
  storedRaw?(conn: Pick<ConnectionFacts, 'id' | 'companyId'>, waMessageId: string): Promise<unknown>;
}
