import { randomUUID } from 'node:crypto';
import { ACK } from '@balcao/shared';
import { ChannelEmitter, type ChannelEvents, type ChannelListener, type InboundMessage, type OutboundContent, type SentRef, type WhatsAppChannel } from '../whatsapp.port';
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
    await this.store.received(to, opts.id, content.text);
    this.later(this.timing.deliveredAfterMs, opts.id, ACK.DELIVERED);
    this.later(this.timing.readAfterMs, opts.id, ACK.READ);
    return { id: opts.id };
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
