import { ChannelError, type OutboundContent, type Presence, type SentRef } from '../whatsapp.port';
import type { BoundedCache } from './bounded-cache';
import { toBaileysSend } from './map-outbound';
import { phoneDigits, toPnJid } from './phone';
import type { BaileysSocketSurface } from './socket';

export interface OutboundSenderContext {
  /** The open socket, or undefined while connecting/closed. */
  socket: () => BaileysSocketSurface | undefined;
  ownIds: BoundedCache;
  callers: BoundedCache;
}

/** Port calls → socket calls. Everything here needs an open socket. */
export class BaileysOutboundSender {
  constructor(private readonly ctx: OutboundSenderContext) {}

  private sock(): BaileysSocketSurface {
    const sock = this.ctx.socket();
    if (!sock) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true);
    return sock;
  }

  async send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef> {
    const sock = this.sock();
    const out = toBaileysSend(content, { jid: toPnJid(to), messageId: opts.id });
    this.ctx.ownIds.set(opts.id, true);
    const sent = await sock.sendMessage(out.jid, out.content, out.options);
    return { id: sent?.key.id ?? opts.id };
  }

  async rejectCall(id: string, from: string): Promise<void> {
    const sock = this.sock();
    const jid = this.ctx.callers.get(id);
    await sock.rejectCall(id, typeof jid === 'string' ? jid : toPnJid(from));
  }

  async sendPresence(to: string, presence: Presence): Promise<void> {
    await this.sock().sendPresenceUpdate(presence, toPnJid(to));
  }

  async markRead(from: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const jid = toPnJid(from);
    await this.sock().readMessages(ids.map((id) => ({ remoteJid: jid, id, fromMe: false })));
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const [hit] = (await this.sock().onWhatsApp(toPnJid(number))) ?? [];
    return hit?.exists ? { exists: true, number: phoneDigits(hit.jid) } : { exists: false, number };
  }

  async profilePicture(number: string): Promise<string | undefined> {
    // Baileys throws (401/404 Boom) when the picture is hidden or missing: both mean "none".
    return this.sock()
      .profilePictureUrl(toPnJid(number), 'image')
      .catch(() => undefined);
  }
}
