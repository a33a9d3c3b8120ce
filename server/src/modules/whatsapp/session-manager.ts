import type { DataAccess } from '../../db/tenant';
import type { LeaseHolder } from '../../db/leases';
import type { ChannelSink, ConnectionFacts, StatusUpdate, WhatsAppChannel } from './whatsapp.port';
import { SandboxChannel, type SandboxTiming } from './sandbox/sandbox.channel';
import { createSandboxStore } from './sandbox/sandbox.store';
import * as repo from './whatsapp.repository';
import type { BaileysChannelOptions } from './baileys/baileys.channel';
import type { BaileysSocketFactory } from './baileys/socket';
import * as authRepo from './baileys/auth-state.repository';
import * as sessionEvents from './session-events.repository';
import { CloudChannel } from './cloud/cloud.channel';
import { storedCloudIds } from './cloud/cloud-ids.repository';
import type { CloudSecrets } from './cloud/cloud-secrets';
import type { GraphApi } from './cloud/graph-client';

/** Where Cloud connections call (config WHATSAPP_CLOUD_*) and how their stored secrets open. */
export interface CloudSessionDeps {
  baseUrl: string;
  apiVersion: string;
  allowPrivateHosts: boolean;
  secrets: CloudSecrets;
}

/** The part of `LeaseHolder` the manager uses (db/leases.ts). */
/** How long a session handed over for a fair share is left to the other processes before this one may take it back. */
const YIELD_MS = 15_000;

export type Leases = Pick<LeaseHolder, 'tryAcquire' | 'release' | 'held' | 'close'> & Partial<Pick<LeaseHolder, 'holders'>>;

export interface SessionManagerDeps {
  data: DataAccess;
  /** The conversation pipeline every channel's events go to (messages/inbound). */
  inbound: ChannelSink;
  sandboxEnabled: boolean;
  sandboxTiming?: SandboxTiming;
  /**
   * Real WhatsApp: without it, `provider: 'baileys'` connections stay DISCONNECTED. The QR limit,
   * the watchdog and the WhatsApp Web version source are shared by every Baileys channel.
   */
  baileys?: { encryptionKey: Buffer; socketFactory?: BaileysSocketFactory } & Pick<BaileysChannelOptions, 'qrLimit' | 'watchdog' | 'version'>;
  /** Meta's Cloud API (issue 29): without it, `provider: 'cloud'` connections stay DISCONNECTED. */
  cloud?: CloudSessionDeps;
  /**
   * Cross-process ownership: a channel runs only in the process holding its connection's lease.
   * Without it (single-process unit tests) every start runs.
   */
  leases?: Leases;
  /** How often `claimOrphans()` runs once `resumeAll()` has been called; default 5 s. */
  leaseScanMs?: number;
  /** Problems of the background scan (default: console.error). */
  onError?: (err: unknown) => void;
  /**
   * A real (non-sandbox) channel became live in this process (true) or stopped being live here
   * (false). The sandbox is left out: any process can drive a simulated phone, so it needs no
   * job routing, and each followed connection costs a queue poller.
   */
  onLive?: (whatsappId: number, live: boolean) => void;
}

interface Live {
  channel: WhatsAppChannel;
  facts: ConnectionFacts;
  off: (() => void)[];
}

/** How to link the phone: a QR code (default) or a pairing code for `pairingPhone` (digits). */
export interface StartOptions {
  pairingPhone?: string;
}

/** Why `start` did not start a channel (`lastSkip`, for logs and tests). */
export type StartResult = 'started' | 'owned-elsewhere' | 'unsupported' | 'deleted';

/**
 * Owns the live channel of each connection in this process: one channel per connection, its
 * listeners wired to the inbound pipeline, removed before a channel is replaced. With leases,
 * each connection is live in exactly one process (docs/decisions/0008-session-leases.md).
 */
export class SessionManager {
  private readonly live = new Map<number, Live>();
  /** Sandbox connections owned by another process: local, send-less, for simulated inbound only. */
  private readonly simulators = new Map<number, Live>();
  /** Explicitly stopped here: the lease is kept a moment so no other process restarts them. */
  private readonly parked = new Map<number, number>();
  /** Sessions handed to another process for a fair share (issue 31 §3), by when: not taken back meanwhile. */
  private readonly yielded = new Map<number, number>();
  private readonly chains = new Map<number, Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private scanning: Promise<unknown> | undefined;
  private stopped = false;
  /** What the last `start` call did. */
  lastStart: StartResult | undefined;

  constructor(private readonly deps: SessionManagerDeps) {}

  get(whatsappId: number): WhatsAppChannel | undefined {
    return this.live.get(whatsappId)?.channel;
  }

  /**
   * The channel the send worker may use here: the live one, or for a sandbox connection owned
   * elsewhere the local simulator — the simulated phone is only rows in PostgreSQL, so any
   * process can deliver to it. A real connection's sends need its owner.
   */
  sender(whatsappId: number): WhatsAppChannel | undefined {
    return this.live.get(whatsappId)?.channel ?? this.simulators.get(whatsappId)?.channel;
  }

  /** The connection's lease is ours: its channel runs here, or was just stopped here (parked). */
  runsHere(whatsappId: number): boolean {
    return this.live.has(whatsappId) || this.parked.has(whatsappId);
  }

  /** Connection ids whose channel runs in this process. */
  owned(): number[] {
    return [...this.live.keys()];
  }

  /** The simulated phone of a sandbox connection: the live channel here, or a local inbound-only one. */
  sandbox(whatsappId: number, companyId: number): SandboxChannel | undefined {
    const l = this.live.get(whatsappId) ?? this.simulators.get(whatsappId);
    return l && l.facts.companyId === companyId && l.channel instanceof SandboxChannel ? l.channel : undefined;
  }

  async start(w: repo.WhatsappRow, queueIds: number[], opts: StartOptions = {}): Promise<WhatsAppChannel | undefined> {
    return this.serial(w.id, () => this.startNow(w, queueIds, opts));
  }

  async stop(whatsappId: number): Promise<void> {
    return this.serial(whatsappId, async () => {
      this.dropSimulator(whatsappId);
      if (this.live.has(whatsappId) && this.deps.leases) this.parked.set(whatsappId, Date.now());
      await this.closeLive(whatsappId);
    });
  }

  /**
   * The admin's "disconnect": the device is unlinked and its keys wiped, so the next start shows a
   * new QR (the products we replace behave so). A connection not running here has its stored keys
   * wiped only when no other process runs it: the owner's socket would otherwise keep using them.
   */
  async logout(whatsappId: number, companyId: number): Promise<void> {
    return this.serial(whatsappId, async () => {
      this.dropSimulator(whatsappId);
      if (this.live.has(whatsappId)) {
        if (this.deps.leases) this.parked.set(whatsappId, Date.now());
        await this.closeLive(whatsappId, { logout: true });
        return;
      }
      const leases = this.deps.leases;
      if (leases && !(await leases.tryAcquire(whatsappId))) return;
      try {
        await this.deps.data.withTenant({ companyId }, ({ tx }) => authRepo.removeAll(tx, { companyId, whatsappId }));
      } finally {
        await leases?.release(whatsappId);
      }
    });
  }

  /** Boot: one `claimOrphans()` (every sandbox connection counts), then a scan every `leaseScanMs`. */
  async resumeAll(): Promise<number> {
    const n = await this.claimOrphans({ boot: true });
    if (this.deps.leases && !this.timer && !this.stopped) {
      this.timer = setInterval(() => {
        if (this.scanning || this.stopped) return;
        this.scanning = this.claimOrphans()
          .catch((err) => (this.deps.onError ?? console.error)(err))
          .finally(() => (this.scanning = undefined));
      }, this.deps.leaseScanMs ?? 5_000);
      this.timer.unref();
    }
    return n;
  }

  /**
   * Starts the connections that should be live (CONNECTED; at boot also every sandbox one) and
   * whose lease is free: boot resume and takeover of a dead process's sessions. Returns how many
   * channels run here afterwards among them.
   */
  async claimOrphans(opts: { boot?: boolean } = {}): Promise<number> {
    if (this.stopped) return 0;
    const leases = this.deps.leases;
    if (leases) {
      const settled = Date.now() - Math.min(this.deps.leaseScanMs ?? 5_000, 1_000);
      for (const [id, at] of [...this.parked]) {
        if (at > settled) continue;
        await this.serial(id, async () => {
          if (this.parked.get(id) !== at) return;
          this.parked.delete(id);
          if (!this.live.has(id)) await leases.release(id);
        });
      }
    }
    const { out: rows, gone } = await this.deps.data.withSystem('boot:resume-sessions', async ({ tx }) => {
      const all = (await repo.allToResume(tx)).filter((w) => this.wanted(w, !!opts.boot));
      const out: { w: repo.WhatsappRow; queueIds: number[] }[] = [];
      for (const w of all) out.push({ w, queueIds: ((await repo.queueIdsOf(tx, w.companyId, [w.id])).get(w.id) ?? []).map((q) => q.id) });
      // Channels of connections deleted through another process (that process could not stop them).
      const listed = new Set(all.map((w) => w.id));
      const gone: number[] = [];
      for (const [id, l] of this.live) if (!listed.has(id) && !(await repo.get(tx, l.facts.companyId, id))) gone.push(id);
      return { out, gone };
    });
    for (const id of gone) {
      await this.serial(id, async () => {
        await this.closeLive(id);
        await leases?.release(id);
      });
    }
    const share = await this.fairShare(rows.length);
    if (share !== undefined) await this.handOverBeyond(share, new Set(rows.map((r) => r.w.id)));
    let n = 0;
    for (const { w, queueIds } of rows) {
      if (this.stopped) break;
      // Checked inside the per-connection queue: a concurrent scan or route never restarts a live channel.
      const running = await this.serial(w.id, async () => {
        if (this.live.has(w.id)) return true;
        if (this.parked.has(w.id)) return false;
        // A fair share taken: the rest is for the other processes (they run them, or take them over).
        if (share !== undefined && this.live.size >= share) return false;
        // Handed over a moment ago: the process it was handed to takes it first.
        const handedAt = this.yielded.get(w.id);
        if (handedAt !== undefined && Date.now() - handedAt < YIELD_MS) return false;
        this.yielded.delete(w.id);
        return !!(await this.startNow(w, queueIds));
      });
      if (running) n++;
    }
    if (opts.boot) await this.endInterruptedPairings();
    // Inbound-only sandbox phones exist only for connections that are live somewhere.
    const wantedSandbox = new Set(rows.filter((r) => r.w.provider === 'sandbox').map((r) => r.w.id));
    for (const id of [...this.simulators.keys()]) if (!wantedSandbox.has(id)) this.dropSimulator(id);
    return n;
  }

  /**
   * This process's fair share of the `wanted` sessions (issue 31 §3): an even split over the
   * processes holding leases on this database now, rounded up. Undefined without leases (one
   * process, tests) or while stopping.
   */
  private async fairShare(wanted: number): Promise<number | undefined> {
    const holders = this.deps.leases?.holders;
    if (!holders || this.stopped) return undefined;
    const processes = await holders.call(this.deps.leases).catch(() => 1);
    return processes <= 1 ? undefined : Math.ceil(wanted / processes);
  }

  /**
   * Sessions beyond the fair share are handed over, the newest connections first: closed here
   * without touching their stored status (as at shutdown, so the next owner resumes them) and
   * their leases released; another process's next scan takes them.
   */
  private async handOverBeyond(share: number, wanted: Set<number>): Promise<void> {
    const mine = [...this.live.keys()].filter((id) => wanted.has(id)).sort((a, b) => b - a);
    for (const id of mine.slice(0, Math.max(0, mine.length - share))) {
      await this.serial(id, async () => {
        const l = this.live.get(id);
        if (!l || this.stopped) return;
        await this.closeLive(id).catch(() => undefined);
        await this.deps.leases?.release(id);
        this.yielded.set(id, Date.now());
        // The simulated phone still takes customer messages here (ingest is idempotent anywhere).
        if (l.channel instanceof SandboxChannel) this.addSimulator(l.facts);
      });
    }
  }

  /**
   * A QR or pairing code shown before a restart can no longer be scanned: its socket is gone.
   * Left as it was, the row would show a dead QR forever; DISCONNECTED offers "new QR code".
   * Rows some live process is pairing right now hold a lease and are left alone.
   */
  private async endInterruptedPairings(): Promise<void> {
    if (!this.deps.baileys) return;
    const rows = await this.deps.data.withSystem('boot:resume-sessions', ({ tx }) => repo.interruptedPairings(tx));
    for (const w of rows) {
      await this.serial(w.id, async () => {
        const leases = this.deps.leases;
        if (this.live.has(w.id) || (leases && !(await leases.tryAcquire(w.id)))) return;
        try {
          const facts = { id: w.id, companyId: w.companyId, queueIds: [] };
          await this.deps.data.withTenant({ companyId: w.companyId }, ({ tx }) =>
            sessionEvents.insert(tx, w.companyId, { whatsappId: w.id, status: 'DISCONNECTED', reason: 'the server restarted during pairing: start again', at: new Date() }),
          );
          await this.onStatus(facts, { status: 'DISCONNECTED', qrcode: '' });
        } finally {
          await leases?.release(w.id);
        }
      });
    }
  }

  /** Shutdown: stops the scan, closes every channel without touching its stored status, releases every lease. */
  async stopAll(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.scanning?.catch(() => undefined);
    for (const id of [...this.simulators.keys()]) this.dropSimulator(id);
    for (const id of [...this.live.keys()]) {
      const l = this.live.get(id)!;
      this.live.delete(id);
      if (!(l.channel instanceof SandboxChannel)) this.deps.onLive?.(id, false);
      for (const off of l.off) off();
      // Listeners are gone, so the stored status stays: the next owner resumes these sessions.
      // The socket is closed all the same, before the lease goes: never two owners.
      await l.channel.disconnect().catch(() => undefined);
    }
    await this.deps.leases?.close();
  }

  /** The lease connection was lost: these channels may be owned elsewhere by now. Close them. */
  async leasesLost(ids: number[]): Promise<void> {
    for (const id of ids) {
      await this.serial(id, async () => {
        this.parked.delete(id);
        const l = this.live.get(id);
        if (!l) return;
        // Listeners first: the stored status stays CONNECTED so that the new owner resumes it.
        await this.closeLive(id);
        if (l.channel instanceof SandboxChannel && !this.stopped) this.addSimulator(l.facts);
      });
    }
  }

  private wanted(w: repo.WhatsappRow, boot: boolean): boolean {
    if (w.provider === 'sandbox') return this.deps.sandboxEnabled && (boot || w.status === 'CONNECTED');
    // allToResume lists CONNECTED ones and those a restart caught reconnecting.
    if (w.provider === 'baileys') return !!this.deps.baileys;
    if (w.provider === 'cloud') return !!this.deps.cloud;
    return false;
  }

  private async startNow(w: repo.WhatsappRow, queueIds: number[], opts: StartOptions = {}): Promise<WhatsAppChannel | undefined> {
    const facts: ConnectionFacts = { id: w.id, companyId: w.companyId, queueIds };
    await this.closeLive(w.id);
    if (this.stopped || !this.supported(w)) {
      this.lastStart = 'unsupported';
      return undefined;
    }
    const leases = this.deps.leases;
    this.parked.delete(w.id);
    if (leases && !(await leases.tryAcquire(w.id))) {
      this.lastStart = 'owned-elsewhere';
      if (w.provider === 'sandbox') this.addSimulator(facts);
      return undefined;
    }
    if (this.stopped) {
      await leases?.release(w.id);
      return undefined;
    }
    // Deleted while this start waited (a restart racing DELETE /whatsapp/:id): start nothing. The
    // delete stops the connection again after its commit, in this same queue, so whichever runs
    // first, no channel outlives its row.
    if (!(await this.deps.data.withTenant({ companyId: w.companyId }, ({ tx }) => repo.get(tx, w.companyId, w.id)))) {
      await leases?.release(w.id);
      this.lastStart = 'deleted';
      return undefined;
    }
    const channel = (await this.create(w, opts))!;
    // The first Baileys connection waits for the library's import: a shutdown may have begun.
    if (this.stopped) {
      await leases?.release(w.id);
      return undefined;
    }
    this.dropSimulator(w.id);
    const off = [this.deps.inbound.attachChannel(channel, facts), channel.on('status', (s) => this.onStatus(facts, s))];
    this.live.set(w.id, { channel, facts, off });
    if (!(channel instanceof SandboxChannel)) this.deps.onLive?.(w.id, true);
    this.lastStart = 'started';
    await channel.connect();
    return channel;
  }

  /** Old channel closed and its listeners removed; the lease is not touched. */
  private async closeLive(whatsappId: number, opts: { logout?: boolean } = {}): Promise<void> {
    const l = this.live.get(whatsappId);
    if (!l) return;
    this.live.delete(whatsappId);
    if (!(l.channel instanceof SandboxChannel)) this.deps.onLive?.(whatsappId, false);
    for (const off of l.off) off();
    await l.channel.disconnect(opts);
  }

  private addSimulator(facts: ConnectionFacts): void {
    if (!this.deps.sandboxEnabled || this.live.has(facts.id)) return;
    this.dropSimulator(facts.id);
    // Never connected: it turns simulated customer events into inbound ones (ingest is
    // idempotent, whichever process stores them) and may deliver sends (see sender()).
    const channel = new SandboxChannel(facts.id, createSandboxStore(this.deps.data, facts.companyId, facts.id), this.deps.sandboxTiming);
    const off = [this.deps.inbound.attachChannel(channel, facts)];
    this.simulators.set(facts.id, { channel, facts, off });
  }

  private dropSimulator(whatsappId: number): void {
    const s = this.simulators.get(whatsappId);
    if (!s) return;
    this.simulators.delete(whatsappId);
    for (const off of s.off) off();
  }

  /** One start/stop at a time per connection (the scan and the HTTP routes may race). */
  private serial<T>(id: number, fn: () => Promise<T>): Promise<T> {
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.chains.set(id, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.chains.get(id) === next) this.chains.delete(id);
      });
    return next;
  }

  /** A Cloud connection's Graph API (its token opened from the seal), for calls outside its channel (templates, the admin's test); none without the Cloud config. */
  cloudApi(w: Pick<repo.WhatsappRow, 'companyId' | 'provider' | 'cloudAccessToken'>): GraphApi | undefined {
    if (w.provider !== 'cloud' || !this.deps.cloud) return undefined;
    const { baseUrl, apiVersion, allowPrivateHosts, secrets } = this.deps.cloud;
    return { baseUrl, apiVersion, allowPrivateHosts, accessToken: secrets.open(w.companyId, 'accessToken', w.cloudAccessToken) };
  }

  private supported(w: repo.WhatsappRow): boolean {
    return (w.provider === 'sandbox' && this.deps.sandboxEnabled) || (w.provider === 'baileys' && !!this.deps.baileys) || (w.provider === 'cloud' && !!this.deps.cloud && !!w.cloudPhoneNumberId);
  }

  private async create(w: repo.WhatsappRow, opts: StartOptions = {}): Promise<WhatsAppChannel | undefined> {
    if (w.provider === 'sandbox' && this.deps.sandboxEnabled) {
      return new SandboxChannel(w.id, createSandboxStore(this.deps.data, w.companyId, w.id), this.deps.sandboxTiming);
    }
    if (w.provider === 'cloud' && this.deps.cloud && w.cloudPhoneNumberId) {
      return new CloudChannel({
        whatsappId: w.id,
        phoneNumberId: w.cloudPhoneNumberId,
        api: this.cloudApi(w)!,
        ids: storedCloudIds(this.deps.data, w.companyId, w.id),
      });
    }
    if (w.provider === 'baileys' && this.deps.baileys) {
      const { encryptionKey, qrLimit, watchdog, version } = this.deps.baileys;
      // Baileys is loaded with the first connection that needs it, not at boot: a server with only
      // the sandbox never pays its memory (issue 26, `idle rss`; the import rule is in
      // server/test/lint/lazy-baileys.test.ts).
      const [{ BaileysChannel }, socketFactory] = await Promise.all([
        import('./baileys/baileys.channel'),
        this.deps.baileys.socketFactory ?? import('./baileys/real-socket').then((m) => m.makeRealSocket),
      ]);
      return new BaileysChannel({
        whatsappId: w.id,
        companyId: w.companyId,
        data: this.deps.data,
        encryptionKey,
        socketFactory,
        qrLimit,
        watchdog,
        version,
        pairingPhone: opts.pairingPhone,
        storedRaw: this.deps.inbound.storedRaw ? (waMessageId) => this.deps.inbound.storedRaw!({ id: w.id, companyId: w.companyId }, waMessageId) : undefined,
      });
    }
    return undefined;
  }

  private async onStatus(facts: ConnectionFacts, s: StatusUpdate): Promise<void> {
    await this.deps.data.withTenant({ companyId: facts.companyId }, async ({ tx, stage }) => {
      const row = await repo.setStatus(tx, facts.companyId, facts.id, s);
      if (!row) return;
      stage({
        type: 'whatsapp.session',
        companyId: facts.companyId,
        session: { id: row.id, name: row.name, status: s.status, ...repo.linkSecrets(row.status, row.qrcode), retries: row.retries, updatedAt: row.updatedAt.toISOString() },
      });
      if (s.alert) {
        const { kind, code, reason } = s.alert;
        stage({ type: 'whatsapp.alert', companyId: facts.companyId, alert: { whatsappId: row.id, name: row.name, kind, code, reason, status: s.status, at: row.updatedAt.toISOString() } });
      }
    });
  }
}
