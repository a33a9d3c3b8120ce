/**
 * `OutboundKind` → what `sock.sendMessage(jid, content, options)` takes, as pure functions.
 * Quotes travel in the options (Baileys builds the context from a `quoted` message), so
 * `toBaileysSend` returns both; `toBaileysContent` is its content alone.
 */
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMediaUpload, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { MessageRef, OutboundKind, OutboundMedia, QuotedRef, SendableKind } from './normalized';
import { playsAsVoiceNote, toVcard } from '../message-body';
import { toPnJid } from './phone';
import { ChannelError } from '../whatsapp.port';

export { toVcard } from '../message-body';

export interface OutboundContext {
  /** The chat: the JID the message goes to (and where reacted/edited/revoked/quoted messages live). */
  jid: string;
  /** Our pre-generated message id, so echo and acks reconcile (whatsapp.port `send`). */
  messageId?: string;
}

export interface BaileysSend {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions;
}

export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';
export const MP3_MIMETYPE = 'audio/mpeg';

const isMp3 = (mimetype: string) => /^audio\/(mpeg|mp3)\b/i.test(mimetype);

const upload = (media: OutboundMedia): WAMediaUpload => (Buffer.isBuffer(media.data) ? media.data : { url: media.data.path });

const userJid = (participant: string) => (participant.includes('@') ? participant : toPnJid(participant));

export const messageKey = (jid: string, ref: MessageRef): WAMessageKey => ({
  remoteJid: jid,
  fromMe: ref.fromMe,
  id: ref.id,
  ...(ref.participant ? { participant: userJid(ref.participant) } : {}),
});

const caption = (text: string | undefined) => (text ? { caption: text } : {});

const sendable = (content: SendableKind): AnyMessageContent => {
  switch (content.kind) {
    case 'text':
      return { text: content.text };
    case 'image':
      return { image: upload(content.media), mimetype: content.media.mimetype, ...caption(content.caption) };
    case 'video':
      return { video: upload(content.media), mimetype: content.media.mimetype, ...caption(content.caption) };
    case 'document':
      return {
        document: upload(content.media),
        mimetype: content.media.mimetype,
        ...(content.media.fileName ? { fileName: content.media.fileName } : {}),
        ...caption(content.caption),
      };
    case 'audio':
      return { audio: upload(content.media), mimetype: content.media.mimetype, ptt: false, ...(content.seconds ? { seconds: content.seconds } : {}) };
    case 'voice': {
      const seconds = content.seconds ? { seconds: content.seconds } : {};
      if (playsAsVoiceNote(content.media.mimetype)) return { audio: upload(content.media), mimetype: VOICE_NOTE_MIMETYPE, ptt: true, ...seconds };
      // Not transcoded (no ffmpeg): an mp3 voice note does not play on every phone; send it as audio.
      return { audio: upload(content.media), mimetype: isMp3(content.media.mimetype) ? MP3_MIMETYPE : content.media.mimetype, ptt: false, ...seconds };
    }
    case 'location':
      return {
        location: {
          degreesLatitude: content.latitude,
          degreesLongitude: content.longitude,
          ...(content.name ? { name: content.name } : {}),
          ...(content.address ? { address: content.address } : {}),
        },
      };
    case 'contact': {
      const cards = content.contacts.map((c) => ({ displayName: c.name, vcard: toVcard(c) }));
      return { contacts: { displayName: cards.length === 1 ? cards[0]!.displayName : `${cards.length} contatos`, contacts: cards } };
    }
  }
};

/** The quoted message Baileys needs: its key and a text stand-in for its content. */
export const quotedMessage = (jid: string, quoted: QuotedRef): WAMessage => ({
  key: messageKey(jid, quoted),
  message: { conversation: quoted.body },
});

/** Content for `sendMessage` (quotes aside: see `toBaileysSend`). */
export const toBaileysContent = (content: OutboundKind, ctx: Pick<OutboundContext, 'jid'>): AnyMessageContent => {
  switch (content.kind) {
    case 'reaction':
      return { react: { text: content.emoji, key: messageKey(ctx.jid, content.target) } };
    case 'edit':
      return { text: content.text, edit: messageKey(ctx.jid, content.target) };
    case 'revoke':
      return { delete: messageKey(ctx.jid, content.target) };
    case 'forward':
      // Every content kind has a contextInfo on the wire; Baileys merges this one into it.
      return { ...sendable(content.content), contextInfo: { isForwarded: true, forwardingScore: 1 } };
    case 'template':
    case 'list':
      // Templates and interactive lists are Meta's Cloud API's (decisions 0390, 0430); the send worker records this as permanent.
      throw new ChannelError('ERR_SENDING_WAPP_MSG', false, `${content.kind}s are sent by Cloud API connections only`);
    default:
      return sendable(content);
  }
};

/** Everything `sock.sendMessage(send.jid, send.content, send.options)` needs. */
export const toBaileysSend = (content: OutboundKind, ctx: OutboundContext): BaileysSend => {
  const quoted = 'quoted' in content && content.quoted ? { quoted: quotedMessage(ctx.jid, content.quoted) } : {};
  return {
    jid: ctx.jid,
    content: toBaileysContent(content, ctx),
    options: { ...(ctx.messageId ? { messageId: ctx.messageId } : {}), ...quoted },
  };
};
