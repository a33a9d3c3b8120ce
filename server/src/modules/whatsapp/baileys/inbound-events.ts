import { isJidGroup, isLidUser, type BaileysEventMap, type SignalKeyStore, type WAMessage } from '@whiskeysockets/baileys';
import { mediaTypeOfKind } from '@balcao/shared';
import type { ChannelEmitter, InboundMedia } from '../whatsapp.port';
import type { MediaInfo } from './normalized';
import { BoundedCache } from '../../../lib/bounded-cache';
import { mapCall, mapInbound, mapUpdate } from './map-inbound';
import { jidUser, phoneDigits, toPnJid, type LidToPhone } from './phone';
import { jsonSafe } from './stored-message';
import type { BaileysSocketSurface } from './socket';

export interface InboundEventsContext {
  emitter: ChannelEmitter;
  now: () => Date;
  /** Ids we sent, so their echo (`messages.upsert` append) is not ingested as a new message. */
  ownIds: BoundedCache;
  /** Call id → the caller's JID as Baileys gave it (`rejectCall` needs the JID, the port has digits). */
  callers: BoundedCache;
  /** False once the socket was replaced or the channel stopped: its remaining items are dropped. */
  isCurrent: (sock: BaileysSocketSurface) => boolean;
  /** False once the channel stopped (acks of a replaced socket still count until then). */
  active: () => boolean;
  /**
   * The phone number (digits) a LID stands for, from the stored `lid-mapping` keys Baileys keeps
   * (`<lid>_reverse` → phone); asked only when a message names a LID without a phone alternative.
   */
  phoneOfLid?: (lidUser: string) => Promise<string | undefined>;
}

/** `phoneOfLid` over an auth state's key store (the family Baileys' LIDMappingStore writes). */
export const phoneFromLidMapping =
  (keys: () => SignalKeyStore | undefined) =>
  async (lidUser: string): Promise<string | undefined> => {
    const id = `${lidUser}_reverse`;
    const pn = (await keys()?.get('lid-mapping', [id]))?.[id];
    return typeof pn === 'string' && pn ? pn : undefined;
  };

/** The port's media facts: the caption is already the body. */
const inboundMedia = ({ caption: _caption, ...media }: MediaInfo): InboundMedia => media;

/**
 * Socket message events → port events: what the network told us, as the pipeline's vocabulary.
 * The channel (baileys.channel.ts) owns the socket's life and calls these one at a time.
 */
export class BaileysInboundEvents {
  private readonly subscribed = new WeakMap<BaileysSocketSurface, BoundedCache>();

  constructor(private readonly ctx: InboundEventsContext) {}

  async onUpsert(sock: BaileysSocketSurface, u: BaileysEventMap['messages.upsert']): Promise<void> {
    const { emitter } = this.ctx;
    for (const raw of u.messages) {
      if (!this.ctx.isCurrent(sock)) return;
      const lidToPhone = await this.knownPhone(raw);
      const e = mapInbound(raw, { self: sock.user?.id, now: this.ctx.now, ...(lidToPhone ? { lidToPhone } : {}) });
      if (e.type === 'edit') {
        await emitter.emit('edit', { id: e.targetId, body: e.body, at: e.editedAt });
        continue;
      }
      // Our own deletions are made through the app (or the phone); only the contact's read as "apagada pelo contato".
      if (e.type === 'revoke') {
        if (!e.fromMe) await emitter.emit('revoke', { id: e.targetId });
        continue;
      }
      if (e.type === 'reaction') {
        const self = sock.user?.id ? phoneDigits(sock.user.id) : '';
        await emitter.emit('reaction', { id: e.id, targetId: e.targetId, emoji: e.emoji, fromMe: e.fromMe, from: e.fromMe ? self : (e.participant ?? e.from) });
        continue;
      }
      if (e.type !== 'message') continue;
      if (e.fromMe && this.ctx.ownIds.get(e.id)) continue;
      if (!e.fromMe && !e.isGroup && raw.key?.remoteJid) this.subscribe(sock, raw.key.remoteJid);
      await emitter.emit('message', {
        id: e.id,
        from: e.from,
        ...(e.pushName ? { pushName: e.pushName } : {}),
        timestamp: e.timestamp,
        body: e.body,
        mediaType: mediaTypeOfKind(e.kind),
        kind: e.kind,
        ...(e.media ? { media: inboundMedia(e.media) } : {}),
        isForwarded: e.isForwarded,
        isGroup: e.isGroup,
        fromMe: e.fromMe,
        ...(e.quotedId ? { quotedId: e.quotedId } : {}),
        // A chat known only by its LID keys the contact by the LID's digits, which the company's
        // mapping may already tie to a phone; a phone with its LID teaches the pair (decision 0421).
        ...(!e.isGroup && e.fromIsLid ? { fromKind: 'lid' as const } : {}),
        ...(!e.isGroup && !e.fromIsLid && e.lid ? { identities: { phone: e.from, lid: e.lid } } : {}),
        raw: jsonSafe(raw),
      });
    }
  }

  /** Baileys learned a LID's phone number (`lid-mapping.update`): the company learns the pair too. */
  async onLidMapping(sock: BaileysSocketSurface, m: BaileysEventMap['lid-mapping.update']): Promise<void> {
    if (!this.ctx.isCurrent(sock) || !m.lid || !m.pn || !isLidUser(m.lid)) return;
    const phone = phoneDigits(m.pn);
    if (phone) await this.ctx.emitter.emit('identity', { phone, lid: jidUser(m.lid) });
  }

  /** Typing/recording of a 1:1 contact (group chat states are not the ticket's customer). */
  async onPresence(sock: BaileysSocketSurface, u: BaileysEventMap['presence.update']): Promise<void> {
    if (!this.ctx.isCurrent(sock) || isJidGroup(u.id)) return;
    const state = u.presences[u.id] ?? Object.values(u.presences)[0];
    if (!state) return;
    // A LID without a known phone keys the contact by its LID digits, as its messages do.
    const lidPhone = isLidUser(u.id) ? await this.ctx.phoneOfLid?.(jidUser(u.id)).catch(() => undefined) : undefined;
    const from = isLidUser(u.id) ? (lidPhone ? phoneDigits(lidPhone) : jidUser(u.id)) : phoneDigits(u.id);
    await this.ctx.emitter.emit('presence', { from, ...(isLidUser(u.id) && !lidPhone ? { fromKind: 'lid' as const } : {}), presence: state.lastKnownPresence });
  }

  /**
   * WhatsApp sends a contact's chat state only to whoever subscribed to its presence: once per
   * contact and socket (a new socket starts over); a failure only costs the "Digitando..." hint.
   */
  private subscribe(sock: BaileysSocketSurface, jid: string): void {
    let done = this.subscribed.get(sock);
    if (!done) this.subscribed.set(sock, (done = new BoundedCache(2_000, 24 * 60 * 60_000)));
    if (done.get(jid)) return;
    done.set(jid, true);
    void sock.presenceSubscribe(jid).catch(() => done.del(jid));
  }

  /**
   * History sync (docs/decisions/0014-history-sync.md): `since` undefined (the first link) ingests
   * nothing — old chats never become tickets; after an offline window, the messages newer than
   * `since` take the live path (ingest is idempotent, so what we already have is a no-op).
   */
  async onHistory(sock: BaileysSocketSurface, u: BaileysEventMap['messaging-history.set'], since: Date | undefined): Promise<void> {
    if (!since) return;
    const recent = u.messages.filter((m) => Number(m.messageTimestamp ?? 0) * 1000 >= since.getTime());
    if (recent.length) await this.onUpsert(sock, { messages: recent, type: 'append' });
  }

  /**
   * For a 1:1 chat addressed by LID alone: the stored mapping's phone, looked up before mapping
   * (the mapper is synchronous). Without one the contact is keyed by the LID digits (`fromIsLid`).
   */
  private async knownPhone(raw: WAMessage): Promise<LidToPhone | undefined> {
    const { remoteJid, remoteJidAlt } = raw.key ?? {};
    if (!this.ctx.phoneOfLid || !remoteJid || !isLidUser(remoteJid) || (remoteJidAlt && !isLidUser(remoteJidAlt))) return undefined;
    const pn = await this.ctx.phoneOfLid(jidUser(remoteJid)).catch(() => undefined);
    return pn ? () => toPnJid(pn) : undefined;
  }

  /** Offers only (the rest of a call's life is noise here); group calls are not the contact's. */
  async onCall(sock: BaileysSocketSurface, entries: BaileysEventMap['call']): Promise<void> {
    for (const raw of entries) {
      if (!this.ctx.isCurrent(sock)) return;
      const c = mapCall(raw);
      if (c.status !== 'offer' || c.isGroup) continue;
      this.ctx.callers.set(c.id, c.callerJid);
      await this.ctx.emitter.emit('call', { id: c.id, from: c.from, ...(c.fromIsLid ? { fromKind: 'lid' as const } : {}), isVideo: c.isVideo, at: c.at });
    }
  }

  async onUpdate(entries: BaileysEventMap['messages.update']): Promise<void> {
    for (const entry of entries) {
      if (!this.ctx.active()) return;
      const ack = mapUpdate(entry);
      if (ack) await this.ctx.emitter.emit('ack', { id: ack.id, ack: ack.ack });
    }
  }
}
