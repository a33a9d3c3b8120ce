import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { ACK, type SandboxInboundBody, type SandboxOutboxMedia } from '@balcao/shared';
import type { OutboundMedia, SendableKind } from '../channel-content';
import { contactsBody, locationBody, locationDescription, playsAsVoiceNote } from '../message-body';
import {
  ChannelEmitter,
  ChannelError,
  type ChannelEvents,
  type ChannelListener,
  type InboundMessage,
  type OutboundContent,
  type Presence,
  type SentRef,
  type WhatsAppChannel,
} from '../whatsapp.port';
import type { SandboxDelivery, SandboxStore } from './sandbox.store';
import { sandboxContent, sandboxMedia, sandboxMediaKey, sandboxRaw } from './sandbox.inbound';

export interface SandboxTiming {
  /** ms after a send until the phone reports "delivered", then "read". */
  deliveredAfterMs: number;
  readAfterMs: number;
  /**
   * The phone reports its receipts together, on this grid (as WhatsApp lists several message ids
   * in one receipt): each ack comes at the first multiple of it after its time. Default 1 ms (none).
   */
  receiptsEveryMs?: number;
}

/**
 * The Simulador's fixed answer to "is this number on WhatsApp": a number ending in 0000 is not
 * (decision 0224), so a contact list shows an invalid row without any setup; every other is.
 */
export const sandboxHasNoWhatsapp = (number: string): boolean => /0000$/.test(number);

/**
 * A simulated phone: always CONNECTED, records what customers receive and advances acks on a
 * timer the way a real phone would. Used by the product's "Simulador", the tests and benches.
 */
export class SandboxChannel implements WhatsAppChannel {
  private readonly emitter = new ChannelEmitter();
  private readonly timers = new Set<NodeJS.Timeout>();
  private acks: Promise<void> = Promise.resolve();
  /** Acks that came due and wait for the write under way (then go in the next one). */
  private dueAcks: { id: string; ack: number }[] = [];
  /** Acks not yet due, by the time they come due (one timer each). */
  private readonly receipts = new Map<number, { id: string; ack: number }[]>();
  /** Calls we declined, in order (the simulated phone shows them as rejected). */
  readonly rejectedCalls: { id: string; from: string }[] = [];
  /** Numbers that have no WhatsApp here (every other simulated customer has). */
  readonly notOnWhatsApp = new Set<string>();
  /** Profile picture URL per number (none by default). */
  readonly profilePictures = new Map<string, string>();
  /** Our last presence in each customer's chat ("digitando…"): presence is not stored anywhere. */
  readonly presences = new Map<string, Presence>();
  /** Ids of each customer's messages we marked read (blue ticks), in order. */
  readonly reads = new Map<string, string[]>();

  constructor(
    readonly whatsappId: number,
    private readonly store: SandboxStore,
    private readonly timing: SandboxTiming = { deliveredAfterMs: 300, readAfterMs: 1_000, receiptsEveryMs: 250 },
  ) {}

  async connect(): Promise<void> {
    await this.store.reportPhoneBook();
    await this.emitter.emit('status', { status: 'CONNECTED', number: `55000${this.whatsappId}`, qrcode: '' });
  }

  async disconnect(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.receipts.clear();
    this.dueAcks = [];
    await this.emitter.emit('status', { status: 'DISCONNECTED', qrcode: '' });
  }

  async send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef> {
    switch (content.kind) {
      case 'reaction':
        await this.store.reacted(to, content.target.id, content.emoji);
        return { id: opts.id };
      case 'edit':
        if (!(await this.store.edited(to, content.target.id, content.text))) throw new ChannelError('ERR_SENDING_WAPP_MSG', false, `no message ${content.target.id} of ours to edit`);
        return { id: opts.id };
      case 'revoke':
        if (!(await this.store.deleted(to, content.target.id))) throw new ChannelError('ERR_DELETE_WAPP_MSG', false, `no message ${content.target.id} of ours to delete`);
        return { id: opts.id };
      case 'template':
      case 'list':
        throw new ChannelError('ERR_SENDING_WAPP_MSG', false, `${content.kind}s are sent by Cloud API connections only`);
      default: {
        if (this.notOnWhatsApp.has(to)) throw new ChannelError('ERR_WAPP_INVALID_CONTACT', false, `${to} has no WhatsApp`);
        const forwarded = content.kind === 'forward';
        const shown = await delivery(forwarded ? content.content : content);
        const quotedId = !forwarded && content.quoted ? content.quoted.id : undefined;
        await this.store.received({ ...shown, to, waMessageId: opts.id, ...(quotedId ? { quotedId } : {}), isForwarded: forwarded });
        this.later(this.timing.deliveredAfterMs, opts.id, ACK.DELIVERED);
        this.later(this.timing.readAfterMs, opts.id, ACK.READ);
        return { id: opts.id };
      }
    }
  }

  async rejectCall(id: string, from: string): Promise<void> {
    this.rejectedCalls.push({ id, from });
  }

  async downloadMedia(message: { id: string }): Promise<Buffer> {
    const bytes = sandboxMedia.get<Buffer>(sandboxMediaKey(this.whatsappId, message.id));
    if (!bytes) throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, `the simulated phone no longer holds the media of ${message.id}`);
    return bytes;
  }

  async sendPresence(to: string, presence: Presence): Promise<void> {
    this.presences.set(to, presence);
  }

  async markRead(from: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    this.reads.set(from, [...(this.reads.get(from) ?? []), ...ids]);
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return { exists: !this.notOnWhatsApp.has(number) && !sandboxHasNoWhatsapp(number), number };
  }

  async profilePicture(number: string): Promise<string | undefined> {
    return this.profilePictures.get(number);
  }

  on<E extends keyof ChannelEvents>(event: E, listener: ChannelListener<E>): () => void {
    return this.emitter.on(event, listener);
  }

  /** A customer's message arrives; resolves once the pipeline has handled it. */
  async receive(input: { from: string; name?: string; body?: string; id?: string } & Omit<SandboxInboundBody, 'from' | 'name' | 'body' | 'id'>): Promise<string> {
    const id = input.id ?? `SBX${randomUUID().replace(/-/g, '').toUpperCase()}`;
    const content = sandboxContent(input);
    if (content.bytes) sandboxMedia.set(sandboxMediaKey(this.whatsappId, id), content.bytes);
    const msg: InboundMessage = {
      id,
      from: input.from,
      pushName: input.name,
      timestamp: new Date(),
      body: content.body,
      kind: content.kind,
      ...(content.media ? { media: content.media, raw: sandboxRaw(content.media) } : {}),
      isForwarded: false,
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

  /** The customer `from` starts typing, records a voice note or stops; resolves once handled. */
  async customerPresence(from: string, presence: Presence): Promise<void> {
    await this.emitter.emit('presence', { from, presence });
  }

  /** The customer `from` calls; returns the call id. */
  async customerCalls(from: string, opts: { isVideo?: boolean } = {}): Promise<string> {
    const id = `SBXCALL${randomUUID().replace(/-/g, '').toUpperCase()}`;
    await this.emitter.emit('call', { id, from, isVideo: opts.isVideo ?? false, at: new Date() });
    return id;
  }

  private later(ms: number, id: string, ack: number): void {
    const every = Math.max(1, this.timing.receiptsEveryMs ?? 1);
    const at = Math.ceil((Date.now() + ms) / every) * every;
    const pending = this.receipts.get(at);
    if (pending) {
      pending.push({ id, ack });
      return;
    }
    const receipt = [{ id, ack }];
    this.receipts.set(at, receipt);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.receipts.delete(at);
      const waiting = this.dueAcks.length > 0;
      this.dueAcks.push(...receipt);
      // A write is already waiting for its turn: these acks go with it.
      if (waiting) return;
      // One write after another, so a slow write cannot let "read" overtake "delivered". The acks
      // that came due while the previous write and its events were handled go together, as a
      // phone's receipts do: one write, then their events in order, handed over together so
      // the pipeline can store them in one transaction (many messages sent at once: a timer run).
      this.acks = this.acks
        .then(async () => {
          const due = this.dueAcks;
          this.dueAcks = [];
          if (due.length === 0) return;
          await this.store.setAcks(due);
          await Promise.all(due.map((a) => this.emitter.emit('ack', a)));
        })
        .catch((err: unknown) => console.error('sandbox ack failed', err));
    }, at - Date.now());
    timer.unref();
    this.timers.add(timer);
  }
}

type Shown = Omit<SandboxDelivery, 'to' | 'waMessageId' | 'quotedId' | 'isForwarded'>;

const sizeOf = async (media: OutboundMedia): Promise<number> => {
  if (Buffer.isBuffer(media.data)) return media.data.length;
  const file = await stat(media.data.path).catch(() => undefined);
  // A file that is not there will not appear later: retrying cannot help.
  if (!file?.isFile()) throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'media file not found');
  return file.size;
};

const mediaOf = async (media: OutboundMedia, caption?: string): Promise<SandboxOutboxMedia> => ({
  mimetype: media.mimetype,
  ...(media.fileName ? { fileName: media.fileName } : {}),
  ...(caption ? { caption } : {}),
  size: await sizeOf(media),
});

/** What the customer's phone shows for `content`, with the message table's body rules. */
const delivery = async (content: SendableKind): Promise<Shown> => {
  switch (content.kind) {
    case 'text':
      return { kind: 'text', body: content.text };
    case 'image':
    case 'video':
      return { kind: content.kind, body: content.caption ?? '', media: await mediaOf(content.media, content.caption) };
    case 'document':
      return { kind: 'document', body: content.caption || content.media.fileName || '', media: await mediaOf(content.media, content.caption) };
    case 'audio':
      return { kind: 'audio', body: '', media: await mediaOf(content.media) };
    case 'voice':
      // No transcoding here: what would reach the phone as a voice note is what already is ogg/opus.
      return { kind: playsAsVoiceNote(content.media.mimetype) ? 'ptt' : 'audio', body: '', media: await mediaOf(content.media) };
    case 'location':
      return { kind: 'location', body: locationBody('', content.latitude, content.longitude, locationDescription(content.name, content.address)) };
    case 'contact':
      return { kind: content.contacts.length === 1 ? 'contact' : 'contacts', body: contactsBody(content.contacts) };
  }
};
