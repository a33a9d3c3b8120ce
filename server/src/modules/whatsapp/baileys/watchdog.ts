import { S_WHATSAPP_NET, type BinaryNode } from '@whiskeysockets/baileys';
import type { Cancel, Scheduler } from './scheduler';
import type { BaileysSocketSurface } from './socket';

export interface WatchdogTimings {
  /** Silence (no socket event of any kind) before the probe. */
  silentMs: number;
  /** How long the probe may take before the socket counts as dead. */
  probeTimeoutMs: number;
}

/** The probe: the ping Baileys' keep-alive sends, an IQ only the server answers. */
const ping = (): BinaryNode => ({ tag: 'iq', attrs: { to: S_WHATSAPP_NET, type: 'get', xmlns: 'w:p' }, content: [{ tag: 'ping', attrs: {} }] });

/**
 * Watches one open socket: after `silentMs` without `heard()`, pings the server; no answer
 * within `probeTimeoutMs` (or an error) calls `onSilent` once. A socket can look connected while
 * nothing comes through; Baileys' own keep-alive only notices a dead TCP link.
 */
export class SilenceWatchdog {
  private lastHeard = 0;
  private cancel: Cancel | undefined;
  private stopped = false;

  constructor(
    private readonly o: { sock: BaileysSocketSurface; timings: WatchdogTimings; schedule: Scheduler; now: () => Date; onSilent: () => void },
  ) {}

  start(): void {
    this.heard();
    this.arm(this.o.timings.silentMs);
  }

  /** The socket emitted something: it is alive. */
  heard(): void {
    this.lastHeard = this.o.now().getTime();
  }

  stop(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = undefined;
  }

  private arm(ms: number): void {
    this.cancel?.();
    this.cancel = this.o.schedule(() => {
      this.cancel = undefined;
      void this.check();
    }, ms);
  }

  private async check(): Promise<void> {
    if (this.stopped) return;
    const { silentMs, probeTimeoutMs } = this.o.timings;
    const silentFor = this.o.now().getTime() - this.lastHeard;
    if (silentFor < silentMs) return this.arm(silentMs - silentFor);
    const answered = await this.probe(probeTimeoutMs);
    if (this.stopped) return;
    if (!answered) {
      this.stop();
      return this.o.onSilent();
    }
    this.heard();
    this.arm(silentMs);
  }

  /** True when the server answered within `timeoutMs` (our timer: Baileys' own may be longer). */
  private probe(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      // Kept as `cancel` too: stop() while a probe is out also drops its timer.
      const cancel = (this.cancel = this.o.schedule(() => resolve(false), timeoutMs));
      this.o.sock.query(ping(), timeoutMs).then(
        () => {
          cancel();
          resolve(true);
        },
        () => {
          cancel();
          resolve(false);
        },
      );
    });
  }
}
