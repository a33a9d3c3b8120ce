/**
 * The Baileys adapter's vocabulary, free of Baileys types so the pipeline can consume it:
 * `NormalizedEvent` (what the network told us, from `map-inbound.ts`) and `OutboundKind`
 * (what we want to send, turned into Baileys content by `map-outbound.ts`).
 */

export { REVOKED_BODY, type MessageKind } from '../channel-content';
import type { MessageKind } from '../channel-content';
export type { ContactCard, MessageRef, OutboundKind, OutboundMedia, QuotedRef, SendableKind } from '../channel-content';

/**
 * The remote party of a chat, as digits.
 * - 1:1 chats: `from` is the customer's phone number (Brazilian mobiles with the 9th digit,
 *   see `@balcao/shared` phone.ts). When the chat is addressed by LID and no phone number is
 *   known, `from` holds the LID digits and `fromIsLid` is true (store nothing under it as a
 *   phone; it can be re-keyed once `lid-mapping.update` tells the number).
 * - Groups: `from` is the group id (the user part of `…@g.us`), `isGroup` is true and
 *   `participant` is the author's phone (or LID digits, `participantIsLid`).
 */
export interface RemoteAddress {
  from: string;
  fromIsLid: boolean;
  /** The contact's LID digits whenever Baileys gave one (as the address or as its alternative). */
  lid?: string;
  isGroup: boolean;
  participant?: string;
  participantIsLid?: boolean;
}

export interface MediaInfo {
  mimetype: string;
  fileName?: string;
  caption?: string;
  /** Audio/video duration. */
  seconds?: number;
  /** Bytes, as announced by the sender. */
  fileLength?: number;
}

/** A message to store (server-behaviour §5 steps 4–6). Media is downloaded by the adapter from the raw message. */
export interface NormalizedMessage extends RemoteAddress {
  type: 'message';
  /** WhatsApp message id (idempotency key with the connection). */
  id: string;
  fromMe: boolean;
  /** The sender's own name (never set for `fromMe`). */
  pushName?: string;
  timestamp: Date;
  kind: MessageKind;
  /**
   * What the message table stores as `body`:
   * text/extendedText: the text · image/video: the caption or '' · document: caption, else file
   * name · audio/ptt/sticker: '' · location/liveLocation: `image|link` or `image|link|description`
   * (image = `data:image/jpeg;base64,…` thumbnail or '', link = Google Maps at zoom 17,
   * description = name and address on two lines, or the live caption; '|' in it becomes '/') ·
   * contact: the vcard · contacts: the vcards joined by '\n' · poll: the question, then one
   * `N. option` line each · buttonReply/listReply: the chosen text.
   */
  body: string;
  media?: MediaInfo;
  /** Button/list replies: the id of the chosen button or row (the text is the body). */
  selectedId?: string;
  /** The id of the message this one replies to. */
  quotedId?: string;
  isForwarded: boolean;
  viewOnce: boolean;
  /** Sent in a disappearing-messages chat. */
  ephemeral: boolean;
}

/** The sender edited a message: its body becomes `body` (and `isEdited`). */
export interface EditEvent {
  type: 'edit';
  targetId: string;
  body: string;
  fromMe: boolean;
  editedAt: Date;
}

/**
 * A message was deleted for everyone. Incoming (`!fromMe`): the stored body becomes
 * `REVOKED_BODY` and `isDeleted` is set; never a new ticket.
 */
export interface RevokeEvent {
  type: 'revoke';
  targetId: string;
  fromMe: boolean;
}

/** A reaction to `targetId`; `emoji` '' means the reaction was removed. */
export interface ReactionEvent extends RemoteAddress {
  type: 'reaction';
  /** The reaction's own message id. */
  id: string;
  targetId: string;
  emoji: string;
  fromMe: boolean;
  timestamp: Date;
}

/**
 * Delivery progress of a message we sent: 1 pending at the server, 2 server ack (sent),
 * 3 delivered, 4 read, 5 played (audio/video); -1 error.
 */
export interface AckEvent {
  type: 'ack';
  id: string;
  ack: -1 | 1 | 2 | 3 | 4 | 5;
  /** With ack -1: the error code WhatsApp gave, when any. */
  error?: string;
}

export type CallStatus = 'offer' | 'ringing' | 'preaccept' | 'transport' | 'relaylatency' | 'timeout' | 'reject' | 'accept' | 'terminate';

/** A call offer or update (server-behaviour §5.8: reject + automatic text + `call_log` when calls are disabled). */
export interface CallEvent {
  type: 'call';
  id: string;
  /** Caller's phone digits (LID digits when unknown, `fromIsLid`). */
  from: string;
  fromIsLid: boolean;
  /** The caller's JID as Baileys gave it: `rejectCall(id, callerJid)` needs it. */
  callerJid: string;
  isVideo: boolean;
  isGroup: boolean;
  status: CallStatus;
  /** The offer arrived while we were offline. */
  offline: boolean;
  at: Date;
}

export type IgnoredReason =
  /** Stories (`status@broadcast`). */
  | 'status-broadcast'
  /** Broadcast lists other than status. */
  | 'broadcast'
  | 'newsletter'
  /** Group message while the caller asked to ignore groups. */
  | 'group'
  /** Protocol noise: key shares, history sync, ephemeral settings, … (revoke/edit are mapped). */
  | 'protocol'
  /** A stub without content (decryption failure, group notification, missed-call stub…). */
  | 'stub'
  /** No key or no content at all. */
  | 'empty'
  /** Poll votes (encrypted; the poll itself is shown as text). */
  | 'poll-vote'
  /** A content type we do not map (detail names it). */
  | 'unsupported';

export interface IgnoredEvent {
  type: 'ignored';
  reason: IgnoredReason;
  id?: string;
  detail?: string;
}

/**
 * Everything the Baileys adapter hands the inbound pipeline, one event per Baileys item
 * (`messages.upsert` message, `messages.update` entry, `call` entry):
 * - `message`: store it (contact + ticket + message), unless the pipeline's own rules skip it;
 * - `edit` / `revoke` / `reaction`: update the target message, never create a ticket;
 * - `ack`: move the ack of a message we sent;
 * - `call`: log/reject a call on the live ticket;
 * - `ignored`: nothing to do (kept so callers can count and log why).
 */
export type NormalizedEvent = NormalizedMessage | EditEvent | RevokeEvent | ReactionEvent | AckEvent | CallEvent | IgnoredEvent;

