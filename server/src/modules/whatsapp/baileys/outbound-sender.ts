import type { OutboundMedia, SendableKind } from '../channel-content';
import { playsAsVoiceNote } from '../message-body';
import { ChannelError, type ChannelErrorCode, type OutboundContent, type Presence, type SentRef } from '../whatsapp.port';
import { BoundedCache } from '../../../lib/bounded-cache';
import { toBaileysSend } from './map-outbound';
import { phoneDigits, toPnJid } from './phone';
import { jsonSafe } from './stored-message';
import type { BaileysSocketSurface } from './socket';
import { processTranscoder, type VoiceTranscoder } from './voice-transcoder';

export interface OutboundSenderContext {
  /** The open socket, or undefined while connecting/closed. */
  socket: () => BaileysSocketSurface | undefined;
  ownIds: BoundedCache;
  callers: BoundedCache;
  /** Voice-note transcoding: a transcoder, null for none; undefined = ffmpeg if on PATH. */
  transcodeVoice?: VoiceTranscoder | null;
}

/** A number confirmed on WhatsApp stays confirmed this long (one usync query per contact and hour). */
const CHECKED_TTL_MS = 60 * 60_000;


const isMissingFile = (err: unknown) => ['ENOENT', 'EACCES', 'EISDIR'].includes((err as { code?: string } | null)?.code ?? '');

/**
 * Any failure of a send as a ChannelError: a media file that is not there will not be there on
 * a retry (permanent); everything else — Boom errors of a dropping socket, timeouts, network
 * resets — may pass (temporary).
 */
export const asChannelError = (err: unknown, code: ChannelErrorCode): ChannelError => {
  if (err instanceof ChannelError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ChannelError(code, !isMissingFile(err), message);
};

/** Port calls → socket calls. Everything here needs an open socket. */
export class BaileysOutboundSender {
  /** Numbers confirmed on WhatsApp → the JID WhatsApp knows them by. */
  private readonly checked = new BoundedCache(5_000, CHECKED_TTL_MS);

  constructor(private readonly ctx: OutboundSenderContext) {}

  private sock(): BaileysSocketSurface {
    const sock = this.ctx.socket();
    if (!sock) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
    return sock;
  }

  async send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef> {
    const sock = this.sock();
    const code: ChannelErrorCode = content.kind === 'revoke' ? 'ERR_DELETE_WAPP_MSG' : 'ERR_SENDING_WAPP_MSG';
    // Reactions, edits and deletes act on a chat that exists; new content goes to a checked number.
    const newContent = content.kind !== 'reaction' && content.kind !== 'edit' && content.kind !== 'revoke';
    const jid = newContent ? await this.checkedJid(sock, to) : (this.checked.get<string>(to) ?? toPnJid(to));
    try {
      const out = toBaileysSend(await this.transcoded(content), { jid, messageId: opts.id });
      this.ctx.ownIds.set(opts.id, true);
      const sent = await sock.sendMessage(out.jid, out.content, out.options);
      return { id: sent?.key.id ?? opts.id, ...(sent ? { raw: jsonSafe(sent) } : {}) };
    } catch (err) {
      throw asChannelError(err, code);
    }
  }

  /** The JID to send `to` at; a number WhatsApp does not know fails for good. */
  private async checkedJid(sock: BaileysSocketSurface, to: string): Promise<string> {
    const known = this.checked.get<string>(to);
    if (known) return known;
    const hits = await sock.onWhatsApp(toPnJid(to)).catch((err: unknown) => {
      throw new ChannelError('ERR_WAPP_CHECK_CONTACT', true, err instanceof Error ? err.message : String(err));
    });
    const hit = hits?.find((h) => h.exists);
    if (!hit) throw new ChannelError('ERR_WAPP_INVALID_CONTACT', false, `${to} is not on WhatsApp`);
    this.checked.set(to, hit.jid);
    return hit.jid;
  }

  /** A voice note that is not ogg/opus yet, transcoded when a transcoder exists (else sent as audio). */
  private async transcoded(content: OutboundContent): Promise<OutboundContent> {
    if (content.kind === 'forward') return { ...content, content: (await this.transcoded(content.content)) as SendableKind };
    if (content.kind !== 'voice' || playsAsVoiceNote(content.media.mimetype)) return content;
    const transcode = this.ctx.transcodeVoice === undefined ? await processTranscoder() : this.ctx.transcodeVoice;
    if (!transcode) return content;
    const media: OutboundMedia | undefined = await transcode(content.media).catch((err: unknown) => {
      console.warn('voice note not transcoded, sending it as audio:', err instanceof Error ? err.message : err);
      return undefined;
    });
    return media ? { ...content, media } : content;
  }

  async rejectCall(id: string, from: string): Promise<void> {
    const sock = this.sock();
    const jid = this.ctx.callers.get(id);
    await sock.rejectCall(id, typeof jid === 'string' ? jid : toPnJid(from));
  }

  async sendPresence(to: string, presence: Presence): Promise<void> {
    await this.sock().sendPresenceUpdate(presence, this.checked.get<string>(to) ?? toPnJid(to));
  }

  async markRead(from: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const jid = toPnJid(from);
    await this.sock().readMessages(ids.map((id) => ({ remoteJid: jid, id, fromMe: false })));
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const [hit] = (await this.sock().onWhatsApp(toPnJid(number))) ?? [];
    if (!hit?.exists) return { exists: false, number };
    this.checked.set(number, hit.jid);
    return { exists: true, number: phoneDigits(hit.jid) };
  }

  async profilePicture(number: string): Promise<string | undefined> {
    // Baileys throws (401/404 Boom) when the picture is hidden or missing: both mean "none".
    return this.sock()
      .profilePictureUrl(toPnJid(number), 'image')
      .catch(() => undefined);
  }
}
