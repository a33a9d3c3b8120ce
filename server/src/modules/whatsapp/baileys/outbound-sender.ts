import { AppError } from '../../../infra/errors';
import type { OutboundContent, SentRef } from '../whatsapp.port';
import type { BoundedCache } from './bounded-cache';
import { toBaileysSend } from './map-outbound';
import { toPnJid } from './phone';
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
    if (!sock) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return sock;
  }

  async send(to: string, content: OutboundContent, opts: { id: string; quotedId?: string }): Promise<SentRef> {
    const sock = this.sock();
    // A quote needs the quoted message's text (Baileys rebuilds it); the port carries only its
    // id, so quotes wait for the outbound pipeline to pass a QuotedRef.
    const out = toBaileysSend({ kind: 'text', text: content.text }, { jid: toPnJid(to), messageId: opts.id });
    this.ctx.ownIds.set(opts.id, true);
    const sent = await sock.sendMessage(out.jid, out.content, out.options);
    return { id: sent?.key.id ?? opts.id };
  }

  async rejectCall(id: string, from: string): Promise<void> {
    const sock = this.sock();
    const jid = this.ctx.callers.get(id);
    await sock.rejectCall(id, typeof jid === 'string' ? jid : toPnJid(from));
  }
}
