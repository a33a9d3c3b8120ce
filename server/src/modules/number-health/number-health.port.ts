// The contract every non-reply outbound path (campaigns, schedules, external API bursts) uses to
// ask the per-connection gate before sending (issue 13 §6). Replies to a customer never pass here.
import type { Tx } from '../../db/client';

export type SendKind = 'campaign' | 'schedule' | 'api';
/** `window` (decision 0452): a free-form send on a Cloud API number to a customer outside the 24-hour window; only a template may go. */
export type GateReason = 'rate' | 'daily-cap' | 'warm-up' | 'opt-out' | 'window';

/**
 * ok: send after `waitMs` (jitter; with `pace`, the wait for its reserved slot), that is `at`, already counted;
 * otherwise retry at `retryAt` (null: never, e.g. opted out).
 */
export type GateDecision = { ok: true; waitMs: number; at: Date } | { ok: false; reason: GateReason; retryAt: Date | null };

export interface NumberHealth {
  /**
   * Ask to send one message to `number` through a connection; counts it when admitted, records the
   * hold otherwise. `pace` (the external API, issue 28 §2): the rate never refuses — the send gets
   * the next free slot (`waitMs` away); only the daily cap, the warm-up cap and an opt-out refuse.
   * `template`: the send is a Cloud API template. On a Cloud connection anything else is refused
   * (`window`, never retried, not counted) unless the customer wrote in the last 24 hours.
   */
  admit(req: { companyId: number; whatsappId: number; number: string; kind: SendKind; pace?: boolean; template?: boolean }): Promise<GateDecision>;
  /** The opt-out ledger, read inside the caller's transaction when it has one. */
  isOptedOut(companyId: number, number: string, tx?: Tx): Promise<boolean>;
}
