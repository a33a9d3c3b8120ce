import { DEFAULT_LANGUAGE, textsOf } from '../../infra/texts';

/**
 * What travels through the WhatsApp port besides events: the kinds of message a channel
 * delivers and stores, and what we ask a channel to send. No adapter types here: the sandbox
 * and Baileys both speak this.
 */

/** Body stored for an incoming message the contact deleted for everyone (attendance §3), in pt-BR (infra/texts.ts). */
export const REVOKED_BODY = textsOf(DEFAULT_LANGUAGE).revoked;

export type MessageKind =
  | 'text'
  | 'extendedText'
  | 'image'
  | 'video'
  | 'audio'
  | 'ptt'
  | 'document'
  | 'sticker'
  | 'location'
  | 'liveLocation'
  | 'contact'
  | 'contacts'
  | 'poll'
  | 'buttonReply'
  | 'listReply';

// Outbound

/** Media to send: bytes in memory or a file on disk. */
export interface OutboundMedia {
  data: Buffer | { path: string };
  mimetype: string;
  fileName?: string;
}

/** A message in the same chat we act on (quote, react, edit, revoke). */
export interface MessageRef {
  id: string;
  fromMe: boolean;
  /** Groups: the author's JID (or phone digits) when the message is someone else's. */
  participant?: string;
}

/** A message we reply to: Baileys rebuilds the quote from its text. */
export interface QuotedRef extends MessageRef {
  body: string;
}

export interface ContactCard {
  name: string;
  /** Any format; cleaned to digits (attendance §5). */
  number: string;
}

/** Kinds that carry content (and may be quoted-replied or forwarded). */
export type SendableKind =
  | { kind: 'text'; text: string }
  | { kind: 'image'; media: OutboundMedia; caption?: string }
  | { kind: 'video'; media: OutboundMedia; caption?: string }
  | { kind: 'document'; media: OutboundMedia; caption?: string }
  /** An audio file, played as such. */
  | { kind: 'audio'; media: OutboundMedia; seconds?: number }
  /**
   * A recorded voice note (server-behaviour §7): sent as a push-to-talk note
   * (`audio/ogg; codecs=opus`) when the media is ogg/opus (transcoded), else as a plain audio
   * (`audio/mpeg` for the app's mp3: WhatsApp does not play mp3 voice notes on every phone).
   */
  | { kind: 'voice'; media: OutboundMedia; seconds?: number }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contact'; contacts: ContactCard[] };

/**
 * A Cloud API message template (decision 0390): Meta's approved message by name and language, its
 * placeholders filled (`params`, header then body) and a media header's link. Only the Cloud
 * adapter sends one; the others refuse it as permanent.
 */
export interface TemplateContent {
  kind: 'template';
  name: string;
  language: string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  params: { part: 'header' | 'body'; name: string; text: string }[];
  header?: { format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; link: string };
}

/**
 * A Cloud API interactive list (Meta's `interactive.type: "list"`; decision 0430): a body, the
 * button that opens the list and its rows (at most 10; a row's title ≤ 24 characters, its
 * description ≤ 72, its id ≤ 200). The customer's choice comes back as a `listReply` whose raw
 * message names the row's id. Only the Cloud adapter sends one; the others refuse it as permanent.
 */
export interface ListContent {
  kind: 'list';
  body: string;
  button: string;
  rows: { id: string; title: string; description?: string }[];
}

export type OutboundKind =
  | (SendableKind & { quoted?: QuotedRef })
  | TemplateContent
  | ListContent
  | { kind: 'reaction'; target: MessageRef; emoji: string }
  | { kind: 'edit'; target: MessageRef; text: string }
  /** Delete for everyone. */
  | { kind: 'revoke'; target: MessageRef }
  /** Re-send content marked as forwarded (`isForwarded`, forwarding score 1). */
  | { kind: 'forward'; content: SendableKind };
