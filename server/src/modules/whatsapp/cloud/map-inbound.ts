/**
 * A Cloud API webhook's change `value` (Meta's `messages` field: `metadata`, `contacts`,
 * `messages`, `statuses`) → the port's events, as pure data. Every message type Meta documents maps
 * to one of our kinds; a type we do not know becomes a visible placeholder text, never a silent
 * loss. Ids of our own sends are turned back into ours by the caller's `ourIdOf`.
 */
import { normalizeChannelPhone } from '@balcao/shared';
import { contactsBody, locationBody, locationDescription, toVcard } from '../message-body';
import type { AckUpdate, IdentityChangeUpdate, IdentityKind, InboundMessage, MessageKind, ReactionUpdate, SenderIds } from '../whatsapp.port';

interface CloudMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
}

export interface CloudMessage {
  /** The customer's phone; absent when a user with a username withholds it (2026). */
  from?: string;
  /** The customer's business-scoped user id (BSUID, `BR.1502…`), in every message since 2026. */
  from_user_id?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { from?: string; id?: string; forwarded?: boolean };
  text?: { body?: string };
  image?: CloudMedia;
  video?: CloudMedia;
  audio?: CloudMedia;
  document?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  reaction?: { message_id?: string; emoji?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string }; list_reply?: { id?: string; title?: string; description?: string } };
  button?: { text?: string; payload?: string };
  /** A system message (`type: 'system'`): the customer's phone or business-scoped user id changed (decision 0424). */
  system?: CloudSystem;
}

/**
 * Meta's system message body (webhooks reference "System messages", Aug 2026): `type`
 * `user_changed_number` (the message's `from` is the old phone, `wa_id` the new one) or
 * `user_changed_user_id` (no phone); `user_id` / `previous_user_id` (and the parent ids) on both.
 */
export interface CloudSystem {
  body?: string;
  type?: string;
  wa_id?: string;
  /** Before Graph v12: the new phone. */
  new_wa_id?: string;
  user_id?: string;
  previous_user_id?: string;
  parent_user_id?: string;
  previous_parent_user_id?: string;
}

export interface CloudStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  biz_opaque_callback_data?: string;
  /** What Meta charges for the message (issue 29 §7): recorded in the cost ledger (cloud-costs.ts). */
  pricing?: { billable?: boolean; category?: string; pricing_model?: string; type?: string };
  conversation?: { id?: string; origin?: { type?: string }; expiration_timestamp?: string };
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

export interface CloudChangeValue {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: CloudContact[];
  messages?: CloudMessage[];
  statuses?: CloudStatus[];
}

/** The sender block of a webhook: `wa_id` (the phone) only when Meta shares it; `user_id` and `username` since 2026. */
export interface CloudContact {
  profile?: { name?: string; username?: string };
  wa_id?: string;
  user_id?: string;
}

export type CloudEvent =
  | { type: 'message'; message: InboundMessage }
  | { type: 'reaction'; reaction: ReactionUpdate }
  | { type: 'ack'; ack: AckUpdate }
  | { type: 'identityChange'; change: IdentityChangeUpdate };

/** Shown for a message type the Cloud API sends that we cannot show (a poll, an order…). */
export const UNSUPPORTED_BODY = (type: string) => `[Mensagem do tipo "${type}" não suportada pelo WhatsApp Cloud API]`;

const MEDIA_KINDS = { image: 'image', video: 'video', document: 'document', sticker: 'sticker', audio: 'audio' } as const satisfies Record<string, MessageKind>;
type MediaType = keyof typeof MEDIA_KINDS;

const STATUS_ACK: Record<string, number> = { sent: 2, delivered: 3, read: 4, failed: -1 };

/** What the message shows, its kind and media, by its type. */
const content = (m: CloudMessage): Pick<InboundMessage, 'kind' | 'body' | 'media' | 'mediaType'> & { mediaId?: string } => {
  const type = m.type ?? 'unknown';
  if (type === 'text') return { kind: 'text', body: m.text?.body ?? '' };
  if (type in MEDIA_KINDS) {
    const media = m[type as MediaType] ?? {};
    const kind: MessageKind = type === 'audio' && media.voice ? 'ptt' : MEDIA_KINDS[type as MediaType];
    const body = type === 'document' ? media.caption || media.filename || '' : (media.caption ?? '');
    return { kind, body, mediaId: media.id, media: { mimetype: media.mime_type ?? 'application/octet-stream', ...(media.filename ? { fileName: media.filename } : {}) } };
  }
  if (type === 'location') {
    const l = m.location ?? {};
    return { kind: 'location', body: locationBody('', l.latitude ?? 0, l.longitude ?? 0, locationDescription(l.name, l.address)) };
  }
  if (type === 'contacts') {
    const cards = (m.contacts ?? []).map((c) => ({ name: c.name?.formatted_name ?? '', number: c.phones?.[0]?.wa_id ?? c.phones?.[0]?.phone ?? '' }));
    return cards.length === 1 ? { kind: 'contact', body: toVcard(cards[0]!) } : { kind: 'contacts', body: contactsBody(cards) };
  }
  if (type === 'interactive' && m.interactive?.type === 'button_reply') return { kind: 'buttonReply', body: m.interactive.button_reply?.title ?? '' };
  if (type === 'interactive' && m.interactive?.type === 'list_reply') return { kind: 'listReply', body: m.interactive.list_reply?.title ?? '' };
  // A template's quick-reply button.
  if (type === 'button') return { kind: 'buttonReply', body: m.button?.text ?? '' };
  return { kind: 'text', body: UNSUPPORTED_BODY(type) };
};

/**
 * Who sent a message (issue 29 §5; decision 0420): the phone when Meta gives it, else the
 * business-scoped user id, else the username — as `from` and what it is — and every identifier
 * the webhook names, so the company learns they are one customer. The sender block is the one
 * naming the message's phone or user id, or the only one.
 */
export const cloudSender = (m: CloudMessage, contacts: readonly CloudContact[]): { from: string; fromKind?: IdentityKind; name?: string; identities?: SenderIds } | undefined => {
  const c = contacts.find((x) => (!!x.wa_id && x.wa_id === m.from) || (!!x.user_id && x.user_id === m.from_user_id)) ?? (contacts.length === 1 ? contacts[0] : undefined);
  const wa = m.from ?? c?.wa_id;
  const phone = wa ? normalizeChannelPhone(wa) : undefined;
  const ids: SenderIds = {
    ...(phone ? { phone } : {}),
    ...((m.from_user_id ?? c?.user_id) ? { cloudUserId: m.from_user_id ?? c?.user_id } : {}),
    ...(c?.profile?.username ? { username: c.profile.username } : {}),
  };
  const from = ids.phone ?? ids.cloudUserId ?? ids.username;
  if (!from) return undefined;
  const fromKind: IdentityKind | undefined = ids.phone ? undefined : ids.cloudUserId ? 'cloud_user_id' : 'username';
  return {
    from,
    ...(fromKind ? { fromKind } : {}),
    ...(c?.profile?.name ? { name: c.profile.name } : {}),
    ...(Object.keys(ids).length > 1 ? { identities: ids } : {}),
  };
};

const idsOf = (phone: string | undefined, cloudUserId: string | undefined): SenderIds => ({
  ...(phone ? { phone: normalizeChannelPhone(phone) } : {}),
  ...(cloudUserId ? { cloudUserId } : {}),
});

/**
 * A system message saying the customer's identifiers changed (decision 0424): the previous ones
 * and the current ones. A new phone (`user_changed_number`, `customer_changed_number` before 2026)
 * comes with the old one in `from`; a new user id alone (`user_changed_user_id`) with the previous
 * one, and the phone in `from` only when Meta shares it. Anything else is not a change.
 */
export const cloudIdentityChange = (m: CloudMessage): IdentityChangeUpdate | undefined => {
  const s = m.system;
  if (m.type !== 'system' || !s) return undefined;
  if (s.type === 'user_changed_number' || s.type === 'customer_changed_number') {
    const previous = idsOf(m.from, s.previous_user_id);
    const current = idsOf(s.wa_id ?? s.new_wa_id, s.user_id);
    return previous.phone && current.phone && previous.phone !== current.phone ? { previous, current } : undefined;
  }
  if (s.type === 'user_changed_user_id') {
    const previous = idsOf(undefined, s.previous_user_id);
    const current = idsOf(m.from, s.user_id ?? m.from_user_id);
    return previous.cloudUserId && current.cloudUserId && previous.cloudUserId !== current.cloudUserId ? { previous, current } : undefined;
  }
  return undefined;
};

/** The events of one change value, in the order Meta listed them; `ourIdOf` turns our sends' wamids back into our ids. */
export const mapCloudChange = async (value: CloudChangeValue, ourIdOf: (wamid: string) => Promise<string | undefined>): Promise<CloudEvent[]> => {
  const idOf = async (wamid: string) => (await ourIdOf(wamid)) ?? wamid;
  const events: CloudEvent[] = [];
  for (const m of value.messages ?? []) {
    const change = cloudIdentityChange(m);
    if (change) {
      events.push({ type: 'identityChange', change });
      continue;
    }
    const sender = m.id ? cloudSender(m, value.contacts ?? []) : undefined;
    if (!m.id || !sender) continue;
    const { from, name: pushName } = sender;
    if (m.type === 'reaction') {
      if (m.reaction?.message_id) events.push({ type: 'reaction', reaction: { id: m.id, targetId: await idOf(m.reaction.message_id), emoji: m.reaction.emoji ?? '', fromMe: false, from } });
      continue;
    }
    const { mediaId, ...c } = content(m);
    events.push({
      type: 'message',
      message: {
        id: m.id,
        from,
        ...(sender.fromKind ? { fromKind: sender.fromKind } : {}),
        ...(sender.identities ? { identities: sender.identities } : {}),
        ...(pushName ? { pushName } : {}),
        timestamp: new Date(Number(m.timestamp ?? 0) * 1000),
        isGroup: false,
        fromMe: false,
        ...c,
        ...(m.context?.id ? { quotedId: await idOf(m.context.id) } : {}),
        isForwarded: !!m.context?.forwarded,
        raw: { cloud: { wamid: m.id, ...(mediaId ? { mediaId } : {}), message: m } },
      },
    });
  }
  for (const s of value.statuses ?? []) {
    const ack = STATUS_ACK[s.status ?? ''];
    if (!s.id || ack === undefined) continue;
    const id = s.biz_opaque_callback_data || (await idOf(s.id));
    const e = s.errors?.[0];
    events.push({ type: 'ack', ack: { id, ack, ...(e ? { error: `${e.code ?? ''} ${e.error_data?.details ?? e.message ?? e.title ?? ''}`.trim() } : {}) } });
  }
  return events;
};
