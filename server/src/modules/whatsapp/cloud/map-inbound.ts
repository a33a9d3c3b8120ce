/**
 * A Cloud API webhook's change `value` (Meta's `messages` field: `metadata`, `contacts`,
 * `messages`, `statuses`) → the port's events, as pure data. Every message type Meta documents maps
 * to one of our kinds; a type we do not know becomes a visible placeholder text, never a silent
 * loss. Ids of our own sends are turned back into ours by the caller's `ourIdOf`.
 */
import { normalizeChannelPhone } from '@balcao/shared';
import { contactsBody, locationBody, locationDescription, toVcard } from '../message-body';
import type { AckUpdate, InboundMessage, MessageKind, ReactionUpdate } from '../whatsapp.port';

interface CloudMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
}

export interface CloudMessage {
  from?: string;
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
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: CloudMessage[];
  statuses?: CloudStatus[];
}

export type CloudEvent = { type: 'message'; message: InboundMessage } | { type: 'reaction'; reaction: ReactionUpdate } | { type: 'ack'; ack: AckUpdate; error?: string };

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

/** The events of one change value, in the order Meta listed them; `ourIdOf` turns our sends' wamids back into our ids. */
export const mapCloudChange = async (value: CloudChangeValue, ourIdOf: (wamid: string) => Promise<string | undefined>): Promise<CloudEvent[]> => {
  const idOf = async (wamid: string) => (await ourIdOf(wamid)) ?? wamid;
  const names = new Map((value.contacts ?? []).map((c) => [c.wa_id ?? '', c.profile?.name ?? '']));
  const events: CloudEvent[] = [];
  for (const m of value.messages ?? []) {
    if (!m.id || !m.from) continue;
    const from = normalizeChannelPhone(m.from);
    if (m.type === 'reaction') {
      if (m.reaction?.message_id) events.push({ type: 'reaction', reaction: { id: m.id, targetId: await idOf(m.reaction.message_id), emoji: m.reaction.emoji ?? '', fromMe: false, from } });
      continue;
    }
    const { mediaId, ...c } = content(m);
    const pushName = names.get(m.from);
    events.push({
      type: 'message',
      message: {
        id: m.id,
        from,
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
    events.push({ type: 'ack', ack: { id, ack }, ...(e ? { error: `${e.code ?? ''} ${e.error_data?.details ?? e.message ?? e.title ?? ''}`.trim() } : {}) });
  }
  return events;
};
