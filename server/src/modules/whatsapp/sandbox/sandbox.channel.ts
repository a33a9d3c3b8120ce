import { randomUUID } from 'node:crypto';
import { ACK } from '@balcao/shared';
import { ChannelEmitter, ChannelError, type ChannelEvents, type ChannelListener, type InboundMessage, type OutboundContent, type SentRef, type WhatsAppChannel } from '../whatsapp.port';
import type { SandboxStore } from './sandbox.store';

export interface SandboxTiming {
  /** ms after a send until the phone reports "delivered", then "read". */
  deliveredAfterMs: number;
  readAfterMs: number;
}

/**
 * A simulated phone: always CONNECTED, records what customers receive and advances acks on a
 * timer the way a real phone would. Used by the product's "Simulador", the tests and benches.
 */
export class SandboxChannel implements WhatsAppChannel {
  private readonly emitter = new ChannelEmitter();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Calls we declined, in order (the simulated phone shows them as rejected). */
  readonly rejectedCalls: { id: string; from: string }[] = [];

  constructor(
    readonly whatsappId: number,
    private readonly store: SandboxStore,
    private readonly timing: SandboxTiming = { deliveredAfterMs: 300, readAfterMs: 1_000 },
  ) {}

  async connect(): Promise<void> {
    await this.emitter.emit('status', { status: 'CONNECTED', number: `55000${this.whatsappId}`, qrcode: '' });
  }

  async disconnect(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.emitter.emit('status', { status: 'DISCONNECTED', qrcode: '' });
  }

  async send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef> {
    if (content.kind !== 'text') throw new ChannelError('ERR_SENDING_WAPP_MSG', false, `the sandbox does not send ${content.kind} yet`);
    await this.store.received(to, opts.id, content.text);
    this.later(this.timing.deliveredAfterMs, opts.id, ACK.DELIVERED);
    this.later(this.timing.readAfterMs, opts.id, ACK.READ);
    return { id: opts.id };
  }

  async rejectCall(id: string, from: string): Promise<void> {
    this.rejectedCalls.push({ id, from });
  }

  async downloadMedia(): Promise<Buffer> {
    throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, 'the sandbox has no media yet');
  }

  async sendPresence(): Promise<void> {}

  async markRead(): Promise<void> {}

  /** Every simulated customer has WhatsApp. */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return { exists: true, number };
  }

  async profilePicture(): Promise<string | undefined> {
    return undefined;
  }

  on<E extends keyof ChannelEvents>(event: E, listener: ChannelListener<E>): () => void {
    return this.emitter.on(event, listener);
  }

  /** A customer's message arrives; resolves once the pipeline has handled it. */
  async receive(input: { from: string; name?: string; body?: string; id?: string }): Promise<string> {
    const msg: InboundMessage = {
      id: input.id ?? `SBX${randomUUID().replace(/-/g, '').toUpperCase()}`,
      from: input.from,
      pushName: input.name,
      timestamp: new Date(),
      body: input.body ?? '',
      isGroup: false,
      fromMe: false,
    };
    await this.emitter.emit('message', msg);
    return msg.id;
  }

  /** The customer edits their message `id`; resolves once the pipeline has handled it. */
  async customerEdits(id: string, body: string): Promise<void> {
    await this.emitter.emit('edit', { id, body, at: new Date() });
  }

  /** The customer deletes their message `id` for everyone. */
  async customerRevokes(id: string): Promise<void> {
    await this.emitter.emit('revoke', { id });
  }

  /** The customer `from` reacts to message `targetId` ('' removes their reaction); returns the reaction's id. */
  async customerReacts(targetId: string, emoji: string, from: string): Promise<string> {
    const id = `SBX${randomUUID().replace(/-/g, '').toUpperCase()}`;
    await this.emitter.emit('reaction', { id, targetId, emoji, fromMe: false, from });
    return id;
  }

  /** The customer `from` calls; returns the call id. */
  async customerCalls(from: string, opts: { isVideo?: boolean } = {}): Promise<string> {
    const id = `SBXCALL${randomUUID().replace(/-/g, '').toUpperCase()}`;
    await this.emitter.emit('call', { id, from, isVideo: opts.isVideo ?? false, at: new Date() });
    return id;
  }

  private later(ms: number, id: string, ack: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.store
        .setAck(id, ack)
        .then(() => this.emitter.emit('ack', { id, ack }))
        .catch((err) => console.error('sandbox ack failed', err));
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}
