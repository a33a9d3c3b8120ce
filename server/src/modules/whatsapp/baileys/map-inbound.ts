/**
 * Baileys → `NormalizedEvent`, as pure functions (no socket, no I/O):
 * - `mapInbound`: one `messages.upsert` message (regular content, reactions, edits and revokes
 *   all arrive this way; Baileys' derived `messages.reaction` and the edit/revoke entries of
 *   `messages.update` repeat them and need no mapping);
 * - `mapUpdate`: one `messages.update` entry → the ack of a message we sent;
 * - `mapCall`: one `call` entry.
 */
import {
  extractMessageContent,
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  proto,
  toNumber,
  type WACallEvent,
  type WAMessage,
  type WAMessageContent,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { AckEvent, CallEvent, IgnoredEvent, IgnoredReason, MediaInfo, MessageKind, NormalizedEvent, NormalizedMessage, RemoteAddress } from './normalized';
import { jidUser, resolveUserJid, type LidToPhone } from './phone';

export interface MapInboundOptions {
  /** LID → phone for LID-addressed chats whose key carries no PN alternative. */
  lidToPhone?: LidToPhone;
  /** Our own number (digits or JID): an alternative address pointing at ourselves is discarded. */
  self?: string;
  /** Map group messages to `ignored: group` (the connection's `CheckMsgIsGroup`). */
  ignoreGroups?: boolean;
  /** Clock for messages without a timestamp. */
  now?: () => Date;
}

const ProtocolType = proto.Message.ProtocolMessage.Type;
const Status = proto.WebMessageInfo.Status;

/** The wrappers `normalizeMessageContent` unwraps, in its order; we record which were present. */
const WRAPPERS = [
  'ephemeralMessage',
  'viewOnceMessage',
  'documentWithCaptionMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'editedMessage',
  'associatedChildMessage',
  'groupStatusMessage',
  'groupStatusMessageV2',
] as const;
type Wrapper = (typeof WRAPPERS)[number];
const VIEW_ONCE_WRAPPERS: readonly Wrapper[] = ['viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension'];

/** Content types that are transport/app-state chatter, never shown. */
const PROTOCOL_TYPES = new Set<string>([
  'protocolMessage',
  'senderKeyDistributionMessage',
  'fastRatchetKeySenderKeyDistributionMessage',
  'keepInChatMessage',
  'pinInChatMessage',
  'encReactionMessage',
  'encEventResponseMessage',
  'stickerSyncRmrMessage',
  'messageHistoryBundle',
  'messageHistoryNotice',
]);

const wrappersOf = (message: WAMessageContent): Wrapper[] => {
  const seen: Wrapper[] = [];
  let current: WAMessageContent | null | undefined = message;
  for (let i = 0; i < 5 && current; i += 1) {
    const m: WAMessageContent = current;
    const wrapper = WRAPPERS.find((w) => m[w]);
    if (!wrapper) break;
    seen.push(wrapper);
    current = m[wrapper]?.message;
  }
  return seen;
};

const ignored = (reason: IgnoredReason, id?: string | null, detail?: string): IgnoredEvent => ({
  type: 'ignored',
  reason,
  ...(id ? { id } : {}),
  ...(detail ? { detail } : {}),
});

type Numberish = Parameters<typeof toNumber>[0];

const toDate = (seconds: Numberish, now: () => Date) => {
  const n = toNumber(seconds);
  return n > 0 ? new Date(n * 1000) : now();
};

const dataUrl = (jpeg: Uint8Array | null | undefined) => (jpeg?.length ? `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}` : '');

/** attendance §3: image, link and optional description joined with '|'. */
export const locationBody = (thumbnail: Uint8Array | null | undefined, latitude: number, longitude: number, description: string) => {
  const parts = [dataUrl(thumbnail), `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`];
  const text = description.replace(/\|/g, '/').trim();
  if (text) parts.push(text);
  return parts.join('|');
};

export const pollBody = (poll: proto.Message.IPollCreationMessage) =>
  [poll.name ?? '', ...(poll.options ?? []).map((o, i) => `${i + 1}. ${o.optionName ?? ''}`)].join('\n');

/** The shown text of (already unwrapped) content, for edits. */
const textOf = (content: WAMessageContent | undefined): string =>
  content?.conversation ??
  content?.extendedTextMessage?.text ??
  content?.imageMessage?.caption ??
  content?.videoMessage?.caption ??
  content?.documentMessage?.caption ??
  '';

const contextOf = (inner: unknown): proto.IContextInfo | undefined =>
  inner && typeof inner === 'object' && 'contextInfo' in inner ? ((inner as { contextInfo?: proto.IContextInfo | null }).contextInfo ?? undefined) : undefined;

/** Media facts, without empty fields. */
const media = (
  mimetype: string | null | undefined,
  fallback: string,
  extra: { fileName?: string | null; caption?: string | null; seconds?: number | null },
  fileLength?: Numberish,
): MediaInfo => {
  const length = fileLength == null ? 0 : toNumber(fileLength);
  return {
    mimetype: mimetype || fallback,
    ...(extra.fileName ? { fileName: extra.fileName } : {}),
    ...(extra.caption ? { caption: extra.caption } : {}),
    ...(extra.seconds ? { seconds: extra.seconds } : {}),
    ...(length > 0 ? { fileLength: length } : {}),
  };
};

interface Body {
  kind: MessageKind;
  body: string;
  media?: MediaInfo;
  selectedId?: string;
}

const selectedIdOfNativeFlow = (paramsJson: string | null | undefined): string | undefined => {
  if (!paramsJson) return undefined;
  try {
    const parsed = JSON.parse(paramsJson) as unknown;
    return parsed && typeof parsed === 'object' && 'id' in parsed && typeof parsed.id === 'string' ? parsed.id : undefined;
  } catch {
    return undefined;
  }
};

/** Kind, body (server-behaviour §5, attendance §3) and media facts of a regular message. */
const bodyOf = (content: WAMessageContent, type: keyof proto.IMessage): Body | undefined => {
  switch (type) {
    case 'conversation':
      return { kind: 'text', body: content.conversation ?? '' };
    case 'extendedTextMessage':
      return { kind: 'extendedText', body: content.extendedTextMessage?.text ?? '' };
    case 'imageMessage': {
      const m = content.imageMessage!;
      return { kind: 'image', body: m.caption ?? '', media: media(m.mimetype, 'image/jpeg', { caption: m.caption }, m.fileLength) };
    }
    case 'videoMessage':
    case 'ptvMessage': {
      const m = (type === 'videoMessage' ? content.videoMessage : content.ptvMessage)!;
      return { kind: 'video', body: m.caption ?? '', media: media(m.mimetype, 'video/mp4', { caption: m.caption, seconds: m.seconds }, m.fileLength) };
    }
    case 'audioMessage': {
      const m = content.audioMessage!;
      return { kind: m.ptt ? 'ptt' : 'audio', body: '', media: media(m.mimetype, 'audio/ogg; codecs=opus', { seconds: m.seconds }, m.fileLength) };
    }
    case 'documentMessage': {
      const m = content.documentMessage!;
      return {
        kind: 'document',
        body: m.caption || m.fileName || m.title || '',
        media: media(m.mimetype, 'application/octet-stream', { fileName: m.fileName || m.title, caption: m.caption }, m.fileLength),
      };
    }
    case 'stickerMessage': {
      const m = content.stickerMessage!;
      return { kind: 'sticker', body: '', media: media(m.mimetype, 'image/webp', {}, m.fileLength) };
    }
    case 'locationMessage': {
      const m = content.locationMessage!;
      const description = [m.name, m.address].filter(Boolean).join('\n');
      return { kind: m.isLive ? 'liveLocation' : 'location', body: locationBody(m.jpegThumbnail, m.degreesLatitude ?? 0, m.degreesLongitude ?? 0, description) };
    }
    case 'liveLocationMessage': {
      const m = content.liveLocationMessage!;
      return { kind: 'liveLocation', body: locationBody(m.jpegThumbnail, m.degreesLatitude ?? 0, m.degreesLongitude ?? 0, m.caption ?? '') };
    }
    case 'contactMessage':
      return { kind: 'contact', body: content.contactMessage?.vcard ?? '' };
    case 'contactsArrayMessage':
      return { kind: 'contacts', body: (content.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard ?? '').join('\n') };
    case 'buttonsResponseMessage': {
      const m = content.buttonsResponseMessage!;
      return { kind: 'buttonReply', body: m.selectedDisplayText || m.selectedButtonId || '', ...(m.selectedButtonId ? { selectedId: m.selectedButtonId } : {}) };
    }
    case 'templateButtonReplyMessage': {
      const m = content.templateButtonReplyMessage!;
      return { kind: 'buttonReply', body: m.selectedDisplayText || m.selectedId || '', ...(m.selectedId ? { selectedId: m.selectedId } : {}) };
    }
    case 'interactiveResponseMessage': {
      const m = content.interactiveResponseMessage!;
      const selectedId = selectedIdOfNativeFlow(m.nativeFlowResponseMessage?.paramsJson);
      return { kind: 'buttonReply', body: m.body?.text ?? '', ...(selectedId ? { selectedId } : {}) };
    }
    case 'listResponseMessage': {
      const m = content.listResponseMessage!;
      const rowId = m.singleSelectReply?.selectedRowId ?? undefined;
      return { kind: 'listReply', body: m.title || rowId || '', ...(rowId ? { selectedId: rowId } : {}) };
    }
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3':
    case 'pollCreationMessageV5':
      return { kind: 'poll', body: pollBody(content[type]!) };
    default:
      return undefined;
  }
};

/** One `messages.upsert` message → one event. */
export const mapInbound = (msg: WAMessage, opts: MapInboundOptions = {}): NormalizedEvent => {
  const now = opts.now ?? (() => new Date());
  const key = msg.key;
  const remoteJid = key?.remoteJid;
  const id = key?.id;
  if (!remoteJid || !id) return ignored('empty', id);
  if (isJidStatusBroadcast(remoteJid)) return ignored('status-broadcast', id);
  if (isJidBroadcast(remoteJid)) return ignored('broadcast', id);
  if (isJidNewsletter(remoteJid)) return ignored('newsletter', id);
  const isGroup = !!isJidGroup(remoteJid);
  if (isGroup && opts.ignoreGroups) return ignored('group', id);
  const stub = msg.messageStubType ? proto.WebMessageInfo.StubType[msg.messageStubType] : undefined;
  // View-once media is delivered to the phone only; linked devices get the key flag alone.
  if (!msg.message && key.isViewOnce) return ignored('stub', id, 'viewOnceUnavailable');
  if (!msg.message) return ignored(stub ? 'stub' : 'empty', id, stub);

  const fromMe = !!key.fromMe;
  const wrappers = wrappersOf(msg.message);
  const content = extractMessageContent(msg.message);
  const type = getContentType(content);
  if (!content || !type) {
    if (content?.senderKeyDistributionMessage) return ignored('protocol', id, 'senderKeyDistributionMessage');
    // Baileys' own stand-in for a group call offer: `{ call: { callKey } }` (the `call` event carries it).
    if (content?.call) return ignored('stub', id, 'call');
    return ignored(stub ? 'stub' : 'empty', id, stub);
  }
  const timestamp = toDate(msg.messageTimestamp, now);

  const address = (): RemoteAddress => {
    if (isGroup) {
      const participantJid = key.participant || msg.participant;
      const p = participantJid ? resolveUserJid(participantJid, key.participantAlt, opts.lidToPhone) : undefined;
      return { from: jidUser(remoteJid), fromIsLid: false, isGroup: true, ...(p ? { participant: p.digits, participantIsLid: p.isLid } : {}) };
    }
    // Baileys fills remoteJidAlt from the stanza's *sender* alternative: for our own messages
    // (sent from the phone) that can be our number, hence `self`.
    const r = resolveUserJid(remoteJid, key.remoteJidAlt, opts.lidToPhone, fromMe ? opts.self : undefined);
    return { from: r.digits, fromIsLid: r.isLid, ...(r.lid ? { lid: r.lid } : {}), isGroup: false };
  };

  if (type === 'reactionMessage') {
    const r = content.reactionMessage!;
    if (!r.key?.id) return ignored('empty', id, 'reaction without target');
    return { type: 'reaction', id, targetId: r.key.id, emoji: r.text ?? '', fromMe, timestamp, ...address() };
  }

  if (type === 'protocolMessage') {
    const p = content.protocolMessage!;
    const targetId = p.key?.id;
    if (p.type === ProtocolType.REVOKE && targetId) return { type: 'revoke', targetId, fromMe };
    if (p.type === ProtocolType.MESSAGE_EDIT && targetId) {
      const editedAt = p.timestampMs ? new Date(toNumber(p.timestampMs)) : timestamp;
      return { type: 'edit', targetId, body: textOf(extractMessageContent(p.editedMessage)), fromMe, editedAt };
    }
    return ignored('protocol', id, p.type == null ? undefined : ProtocolType[p.type]);
  }
  if (type === 'pollUpdateMessage') return ignored('poll-vote', id);
  if (PROTOCOL_TYPES.has(type)) return ignored('protocol', id, type);

  const mapped = bodyOf(content, type);
  if (!mapped) return ignored('unsupported', id, type);

  const inner = content[type];
  const ctx = contextOf(inner);
  const innerViewOnce = !!(inner && typeof inner === 'object' && 'viewOnce' in inner && inner.viewOnce);
  return {
    type: 'message',
    id,
    ...address(),
    fromMe,
    ...(msg.pushName && !fromMe ? { pushName: msg.pushName } : {}),
    timestamp,
    kind: mapped.kind,
    body: mapped.body,
    ...(mapped.media ? { media: mapped.media } : {}),
    ...(mapped.selectedId ? { selectedId: mapped.selectedId } : {}),
    ...(ctx?.stanzaId ? { quotedId: ctx.stanzaId } : {}),
    isForwarded: !!ctx?.isForwarded,
    viewOnce: innerViewOnce || !!key.isViewOnce || wrappers.some((w) => VIEW_ONCE_WRAPPERS.includes(w)),
    ephemeral: wrappers.includes('ephemeralMessage') || (ctx?.expiration ?? 0) > 0,
  } satisfies NormalizedMessage;
};

/** Baileys `WebMessageInfo.Status` → our ack (attendance §3: 1–2 sent, 3 delivered, 4–5 read; -1 failed). */
const ACKS: Record<proto.WebMessageInfo.Status, AckEvent['ack']> = {
  [Status.ERROR]: -1,
  [Status.PENDING]: 1,
  [Status.SERVER_ACK]: 2,
  [Status.DELIVERY_ACK]: 3,
  [Status.READ]: 4,
  [Status.PLAYED]: 5,
};

/**
 * One `messages.update` entry → the ack of a message we sent, or null: entries without a
 * status (edits, revokes, poll/event updates — those arrive through `messages.upsert` too) and
 * receipts for messages we received (`key.fromMe` false: our other devices read them).
 */
export const mapUpdate = (entry: WAMessageUpdate): AckEvent | null => {
  const status = entry.update.status;
  const id = entry.key.id;
  if (status == null || !id || entry.key.fromMe === false) return null;
  const ack = ACKS[status];
  if (ack === undefined) return null;
  const error = ack === -1 ? entry.update.messageStubParameters?.[0] : undefined;
  return { type: 'ack', id, ack, ...(typeof error === 'string' && error ? { error } : {}) };
};

/** One `call` entry → a call event (the caller's number from `callerPn` when the call comes from a LID). */
export const mapCall = (call: WACallEvent, opts: Pick<MapInboundOptions, 'lidToPhone'> = {}): CallEvent => {
  const caller = resolveUserJid(call.from, call.callerPn, opts.lidToPhone);
  return {
    type: 'call',
    id: call.id,
    from: caller.digits,
    fromIsLid: caller.isLid,
    callerJid: call.from,
    isVideo: !!call.isVideo,
    isGroup: !!call.isGroup,
    status: call.status,
    offline: call.offline,
    at: call.date,
  };
};
