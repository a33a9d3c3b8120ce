import type { ConnectionStatus } from '@balcao/shared';

/** A message as the channel delivered it, normalized for the inbound pipeline. */
export interface InboundMessage {
  /** The channel's message id (idempotency key with the connection). */
  id: string;
  /** Customer's number, digits only, already normalized. */
  from: string;
  pushName?: string;
  timestamp: Date;
  body: string;
  mediaType?: string | null;
  isGroup: boolean;
  fromMe: boolean;
  quotedId?: string;
}

export interface AckUpdate {
  id: string;
  ack: number;
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
  /** The caller's number, digits. */
  from: string;
  isVideo: boolean;
  at: Date;
}

export interface StatusUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  number?: string;
}

export interface OutboundContent {
  text: string;
}

export interface SentRef {
  id: string;
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
  send(to: string, content: OutboundContent, opts: { id: string; quotedId?: string }): Promise<SentRef>;
  /** Declines an incoming call (`id`, `from` as the `call` event gave them). */
  rejectCall(id: string, from: string): Promise<void>;
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
