import type { BaileysEventMap } from '@whiskeysockets/baileys';
import type { ConnectionStatus } from '@balcao/shared';
import type { DataAccess } from '../../../db/tenant';
import {
  decideOnDisconnect,
  decideOnPairingCodeFailed,
  decideOnPairingExpired,
  decideOnSilence,
  DISCONNECT_REASON,
  QR_LIMIT,
  WATCHDOG,
  type FailureDecision,
} from '../failure-policy';
import * as sessionEvents from '../session-events.repository';
import * as phoneBook from '../phone-book.repository';
import { ChannelEmitter, type ChannelEvents, type ChannelListener, type OutboundContent, type Presence, type SentRef, type StatusUpdate, type WhatsAppChannel } from '../whatsapp.port';
import { cachedKeys, usePostgresAuthState, type PostgresAuthState } from './auth-state';
import { BoundedCache } from '../../../lib/bounded-cache';
import { disconnectCode } from './disconnect';
import { BaileysInboundEvents, phoneFromLidMapping } from './inbound-events';
import { downloadInboundMedia } from './media';
import { BaileysOutboundSender } from './outbound-sender';
import { phoneDigits } from './phone';
import { lidPhonesFrom, phoneBookEntries } from './phone-book';
import type { BaileysSocketFactory, BaileysSocketSurface } from './socket';
import type { WaVersionSource } from './wa-version';
import { SilenceWatchdog, type WatchdogTimings } from './watchdog';
import { FOREIGN_KEY_VIOLATION, pgCode } from '../../../db/errors';
import { storedMessageLookup } from './stored-message';
import type { Cancel, Scheduler } from './scheduler';

export type { Cancel, Scheduler } from './scheduler';

const realScheduler: Scheduler = (fn, ms) => {
  const t = setTimeout(fn, ms);
  t.unref();
  return () => clearTimeout(t);
};

export interface BaileysChannelOptions {
  whatsappId: number;
  companyId: number;
  data: DataAccess;
  /** AES-256 key of the auth state at rest (config.waEncryptionKey). */
  encryptionKey: Buffer;
  socketFactory: BaileysSocketFactory;
  now?: () => Date;
  /** [0, 1) for the policy's backoff (Math.random in production). */
  jitter?: () => number;
  /** Timers for reconnects and the watchdog (tests inject one to avoid real waiting). */
  schedule?: Scheduler;
  /** QR codes shown per pairing attempt before giving up (default QR_LIMIT). */
  qrLimit?: number;
  /** Pair by phone number (digits with country code) instead of a QR code. */
  pairingPhone?: string;
  /** Probe a CONNECTED socket silent for `silentMs`; false turns the watchdog off. */
  watchdog?: WatchdogTimings | false;
  /** The WhatsApp Web version to announce, looked up again on 405 (default: Baileys' own). */
  version?: WaVersionSource;
  /** Our stored copy of a message we sent, by its id (`ChannelSink.storedRaw`): Baileys' `getMessage`. */
  storedRaw?: (waMessageId: string) => Promise<unknown>;
}

/** History sync never reaches further back than this, however long we were offline. */
export const HISTORY_WINDOW_MS = 3 * 24 * 60 * 60_000;

/** How far back 440s count as "recent" for the policy. */
const REPLACEMENTS_WINDOW_MS = 10 * 60_000;

interface Live {
  sock: BaileysSocketSurface;
  off: () => void;
}

/**
 * One connection over Baileys. At most one socket at a time: a replaced socket loses its
 * listeners before it is ended, so its dying events never reach the pipeline. Socket events
 * are handled one after another (a queue), so statuses and acks keep their order.
 */
export class BaileysChannel implements WhatsAppChannel {
  readonly whatsappId: number;
  private readonly emitter = new ChannelEmitter();
  private readonly now: () => Date;
  private readonly jitter: () => number;
  private readonly schedule: Scheduler;
  private auth: PostgresAuthState | undefined;
  private live: Live | undefined;
  private cancelTimer: Cancel | undefined;
  private stopped = true;
  private open = false;
  /** Consecutive failures (the policy's `attempt`); reset on CONNECTED, 515 does not count. */
  private failures = 0;
  private lastStatus: ConnectionStatus | undefined;
  /** History-sync messages older than this are not ingested (undefined: none are). */
  private historySince: Date | undefined;
  /** QR codes seen in this pairing attempt (reset by connect() and by CONNECTED). */
  private qrSeen = 0;
  /** The socket a pairing code was asked on (one code per socket). */
  private pairingAskedOn: BaileysSocketSurface | undefined;
  /** Watches the current socket while it is open. */
  private watchdog: SilenceWatchdog | undefined;
  private tail: Promise<void> = Promise.resolve();
  private readonly inbound: BaileysInboundEvents;
  private readonly outbound: BaileysOutboundSender;
  /** Sockets created since construction (tests bound reconnect storms with it). */
  socketsCreated = 0;

  constructor(private readonly opts: BaileysChannelOptions) {
    this.whatsappId = opts.whatsappId;
    this.now = opts.now ?? (() => new Date());
    this.jitter = opts.jitter ?? Math.random;
    this.schedule = opts.schedule ?? realScheduler;
    // Shared by both sides: sent ids hide their echo; call ids remember the caller's JID.
    const ownIds = new BoundedCache(1_000, 10 * 60_000);
    const callers = new BoundedCache(200, 10 * 60_000);
    this.inbound = new BaileysInboundEvents({ emitter: this.emitter, now: this.now, ownIds, callers, isCurrent: (sock) => this.isCurrent(sock), active: () => !this.stopped, phoneOfLid: phoneFromLidMapping(() => this.auth?.state.keys) });
    this.outbound = new BaileysOutboundSender({ socket: () => (this.open ? this.live?.sock : undefined), ownIds, callers });
  }

  on<E extends keyof ChannelEvents>(event: E, listener: ChannelListener<E>): () => void {
    return this.emitter.on(event, listener);
  }

  /** Resolves once every socket event received so far has been handled. */
  idle(): Promise<void> {
    return this.tail;
  }

  async connect(): Promise<void> {
    if (!this.stopped) return;
    // Loaded on every connect: a logout in between started the connection over.
    const auth = await usePostgresAuthState(this.opts.data, { companyId: this.opts.companyId, whatsappId: this.whatsappId }, this.opts.encryptionKey);
    if (!this.stopped) return;
    this.auth = auth;
    this.stopped = false;
    this.failures = 0;
    this.qrSeen = 0;
    await this.transition({ status: 'OPENING', qrcode: '' }, 'connecting');
    this.startSocket();
  }

  async disconnect(opts: { logout?: boolean } = {}): Promise<void> {
    const wasStopped = this.stopped;
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.stopWatchdog();
    const live = this.live;
    this.live = undefined;
    this.open = false;
    live?.off();
    if (live) {
      // logout() unlinks the device on the phone, then ends the socket (its close is no longer heard).
      if (opts.logout) await live.sock.logout().catch(() => live.sock.end(undefined));
      else await live.sock.end(undefined);
    }
    if (opts.logout) await this.auth?.clear();
    await this.tail;
    if (!wasStopped || opts.logout) await this.transition({ status: 'DISCONNECTED', qrcode: '' }, opts.logout ? 'logged out by us' : 'disconnected by us');
  }

  send(to: string, content: OutboundContent, opts: { id: string }): Promise<SentRef> {
    return this.outbound.send(to, content, opts);
  }

  sendPresence(to: string, presence: Presence): Promise<void> {
    return this.outbound.sendPresence(to, presence);
  }

  markRead(from: string, ids: string[]): Promise<void> {
    return this.outbound.markRead(from, ids);
  }

  checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return this.outbound.checkNumber(number);
  }

  profilePicture(number: string): Promise<string | undefined> {
    return this.outbound.profilePicture(number);
  }

  downloadMedia(message: { id: string; raw: unknown }): Promise<Buffer> {
    // The CDN needs no socket; a re-upload request (expired file) does, so only an open one is offered.
    return downloadInboundMedia(message.raw, this.open ? this.live?.sock : undefined);
  }

  rejectCall(id: string, from: string): Promise<void> {
    return this.outbound.rejectCall(id, from);
  }

  // --- sockets ---------------------------------------------------------------------------------

  private startSocket(): void {
    if (this.stopped || !this.auth) return;
    this.dropSocket();
    const auth = this.auth;
    const sock = this.opts.socketFactory({
      auth: { creds: auth.state.creds, keys: cachedKeys(auth.state.keys) },
      // Retry receipts: Baileys re-encrypts what we stored with the message (messages.raw).
      getMessage: storedMessageLookup(this.opts.storedRaw, this.whatsappId),
      version: this.opts.version?.current(),
    });
    this.socketsCreated += 1;
    const onCreds = () => this.enqueue(() => auth.saveCreds());
    const onConnection = (u: BaileysEventMap['connection.update']) => this.enqueue(() => this.onConnection(sock, u));
    const onUpsert = (u: BaileysEventMap['messages.upsert']) => this.enqueue(() => this.inbound.onUpsert(sock, u));
    const onUpdate = (u: BaileysEventMap['messages.update']) => this.enqueue(() => this.inbound.onUpdate(u));
    sock.ev.on('creds.update', onCreds);
    sock.ev.on('connection.update', onConnection);
    sock.ev.on('messages.upsert', onUpsert);
    sock.ev.on('messages.update', onUpdate);
    const onCall = (u: BaileysEventMap['call']) => this.enqueue(() => this.inbound.onCall(sock, u));
    sock.ev.on('call', onCall);
    const onHistory = (u: BaileysEventMap['messaging-history.set']) => this.enqueue(() => this.inbound.onHistory(sock, u, this.historySince));
    sock.ev.on('messaging-history.set', onHistory);
    const onPresence = (u: BaileysEventMap['presence.update']) => this.enqueue(() => this.inbound.onPresence(sock, u));
    sock.ev.on('presence.update', onPresence);
    const onLidMapping = (m: BaileysEventMap['lid-mapping.update']) => this.enqueue(() => this.inbound.onLidMapping(sock, m));
    sock.ev.on('lid-mapping.update', onLidMapping);
    // The phone's address book, kept for "import from the phone" (decision 0150).
    const onContacts = (u: BaileysEventMap['contacts.upsert']) => this.enqueue(() => this.storeBook(sock, u, false));
    const onContactsUpdate = (u: BaileysEventMap['contacts.update']) => this.enqueue(() => this.storeBook(sock, u, true));
    const onHistoryContacts = (u: BaileysEventMap['messaging-history.set']) => this.enqueue(() => this.storeBook(sock, u.contacts ?? [], false));
    sock.ev.on('contacts.upsert', onContacts);
    sock.ev.on('contacts.update', onContactsUpdate);
    sock.ev.on('messaging-history.set', onHistoryContacts);
    // Any event at all proves the socket alive (the watchdog probes only after silence).
    const offHeard = sock.ev.process(() => {
      if (this.live?.sock === sock) this.watchdog?.heard();
    });
    this.live = {
      sock,
      off: () => {
        sock.ev.off('creds.update', onCreds);
        sock.ev.off('connection.update', onConnection);
        sock.ev.off('messages.upsert', onUpsert);
        sock.ev.off('messages.update', onUpdate);
        sock.ev.off('call', onCall);
        sock.ev.off('messaging-history.set', onHistory);
        sock.ev.off('presence.update', onPresence);
        sock.ev.off('lid-mapping.update', onLidMapping);
        sock.ev.off('contacts.upsert', onContacts);
        sock.ev.off('contacts.update', onContactsUpdate);
        sock.ev.off('messaging-history.set', onHistoryContacts);
        offHeard();
      },
    };
  }

  /** Listeners first, then end: the old socket's close must not be taken for ours. */
  private dropSocket(): void {
    const live = this.live;
    if (!live) return;
    this.live = undefined;
    this.open = false;
    this.stopWatchdog();
    live.off();
    void live.sock.end(undefined).catch(() => undefined);
  }

  private enqueue(fn: () => Promise<void>): void {
    this.tail = this.tail.then(fn).catch((err: unknown) => console.error(`whatsapp ${this.whatsappId}: socket event failed`, err));
  }

  /** Contacts the session reported → the connection's stored phone book, in batches. */
  private async storeBook(sock: BaileysSocketSurface, contacts: Parameters<typeof phoneBookEntries>[0], partial: boolean): Promise<void> {
    if (!this.isCurrent(sock) || !contacts.length) return;
    const entries = await phoneBookEntries(contacts, lidPhonesFrom(() => this.auth?.state.keys), partial);
    if (!entries.length) return;
    const { companyId } = this.opts;
    await this.opts.data
      .withTenant({ companyId }, ({ tx }) => phoneBook.upsertEntries(tx, companyId, this.whatsappId, entries))
      .catch((err: unknown) => {
        // The connection was deleted meanwhile: there is no book to keep.
        if (pgCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
      });
  }

  private isCurrent(sock: BaileysSocketSurface): boolean {
    return !this.stopped && this.live?.sock === sock;
  }

  private async onConnection(sock: BaileysSocketSurface, u: BaileysEventMap['connection.update']): Promise<void> {
    if (!this.isCurrent(sock)) return;
    if (u.qr) await this.onQr(sock, u.qr);
    if (!this.isCurrent(sock)) return;
    if (u.connection === 'open') {
      this.open = true;
      this.failures = 0;
      this.qrSeen = 0;
      this.watch(sock);
      const number = sock.user?.id ? phoneDigits(sock.user.id) : undefined;
      this.historySince = await this.offlineWindowStart();
      await this.transition({ status: 'CONNECTED', qrcode: '', ...(number ? { number } : {}) }, 'connected');
    }
    if (u.connection === 'close') await this.onClose(disconnectCode(u.lastDisconnect?.error));
  }

  /**
   * Where history sync may start (read before this open's CONNECTED is stored): when we were last
   * connected, at most HISTORY_WINDOW_MS ago; undefined on the first link (decision 0014).
   */
  private async offlineWindowStart(): Promise<Date | undefined> {
    const last = await this.opts.data.withTenant({ companyId: this.opts.companyId }, ({ tx }) => sessionEvents.lastConnectedAt(tx, this.opts.companyId, this.whatsappId));
    if (!last) return undefined;
    return new Date(Math.max(last.getTime(), this.now().getTime() - HISTORY_WINDOW_MS));
  }

  /**
   * A QR code (the server waits for pairing). Counted: the (N+1)th means N expired unscanned.
   * Pairing by phone asks for the code here — Baileys can only request it once the server has
   * sent `pair-device` — and shows the code instead of the QR.
   */
  private async onQr(sock: BaileysSocketSurface, qr: string): Promise<void> {
    this.qrSeen += 1;
    const phone = this.opts.pairingPhone;
    const limit = this.opts.qrLimit ?? QR_LIMIT;
    if (this.qrSeen > limit) return this.act(decideOnPairingExpired(limit, !!phone), undefined);
    if (!phone) return this.transition({ status: 'qrcode', qrcode: qr }, 'waiting for the QR code to be scanned');
    if (this.pairingAskedOn === sock) return;
    this.pairingAskedOn = sock;
    let code: string;
    try {
      code = await sock.requestPairingCode(phone);
    } catch (err) {
      if (this.isCurrent(sock)) await this.act(decideOnPairingCodeFailed(err instanceof Error ? err.message : String(err)), undefined);
      return;
    }
    if (!this.isCurrent(sock)) return;
    await this.transition({ status: 'PAIRING', qrcode: '', pairingCode: code }, 'waiting for the pairing code to be typed on the phone');
  }

  private watch(sock: BaileysSocketSurface): void {
    this.stopWatchdog();
    const timings = this.opts.watchdog ?? WATCHDOG;
    if (!timings) return;
    const onSilent = () =>
      this.enqueue(async () => {
        if (this.isCurrent(sock) && this.open) await this.act(decideOnSilence(), undefined);
      });
    this.watchdog = new SilenceWatchdog({ sock, timings, schedule: this.schedule, now: this.now, onSilent });
    this.watchdog.start();
  }

  private stopWatchdog(): void {
    this.watchdog?.stop();
    this.watchdog = undefined;
  }

  private async onClose(code: number | undefined): Promise<void> {
    this.open = false;
    this.stopWatchdog();
    if (code !== DISCONNECT_REASON.restartRequired) this.failures += 1;
    const recentReplacements =
      code === DISCONNECT_REASON.connectionReplaced
        ? 1 +
          (await this.opts.data.withTenant({ companyId: this.opts.companyId }, ({ tx }) =>
            sessionEvents.countCodeSince(tx, this.opts.companyId, this.whatsappId, code, new Date(this.now().getTime() - REPLACEMENTS_WINDOW_MS)),
          ))
        : 0;
    const d = decideOnDisconnect({ statusCode: code, attempt: Math.max(1, this.failures), recentReplacements }, this.jitter);
    await this.act(d, code);
  }

  private async act(d: FailureDecision, code: number | undefined): Promise<void> {
    const s: StatusUpdate = { status: d.status, qrcode: '', ...(d.alert ? { alert: { kind: d.alert, code: code ?? null, reason: d.reason } } : {}) };
    switch (d.action) {
      case 'restart':
        this.dropSocket();
        await this.transition(s, d.reason, code);
        this.startSocket();
        return;
      case 'reconnect':
      case 'refresh-version': {
        this.dropSocket();
        await this.transition(s, d.reason, code);
        // 405: look for the current WhatsApp Web version while backing off; the reconnect waits
        // for the look-up (bounded by its timeout) and a failed one keeps the old version.
        const refreshed = d.action === 'refresh-version' ? this.opts.version?.refresh() : undefined;
        this.cancelTimer?.();
        this.cancelTimer = this.schedule(() => {
          this.cancelTimer = undefined;
          if (!refreshed) return this.startSocket();
          this.enqueue(async () => {
            await refreshed;
            this.startSocket();
          });
        }, d.delayMs);
        return;
      }
      case 'logout':
      case 'stop':
        this.dropSocket();
        this.stopped = true;
        if (d.wipeKeys) await this.auth?.clear();
        await this.transition(s, d.reason, code);
        return;
    }
  }

  /** Emits the status and stores it on the session timeline (a QR refresh is not a new event). */
  private async transition(s: StatusUpdate, reason: string, code?: number): Promise<void> {
    const repeated = s.status === this.lastStatus && s.status === 'qrcode';
    this.lastStatus = s.status;
    if (!repeated) {
      await this.opts.data
        .withTenant({ companyId: this.opts.companyId }, ({ tx }) =>
          sessionEvents.insert(tx, this.opts.companyId, { whatsappId: this.whatsappId, status: s.status, reason, code: code ?? null, at: this.now() }),
        )
        .catch((err: unknown) => {
          // The connection was deleted while its socket closed: there is no timeline to add to.
          if (pgCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
        });
    }
    await this.emitter.emit('status', s);
  }
}
