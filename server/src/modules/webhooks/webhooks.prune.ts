import type { Tx } from '../../db/client';
import type { DataAccess } from '../../db/tenant';
import * as repo from './webhooks.repository';

/**
 * How long the delivery log keeps what (decision 0320): a settled delivery (delivered or failed) for
 * `keepDays` after it was queued and last tried, and at most the newest `keepPerWebhook` of each
 * webhook; a pending one stays until it settles. A run deletes in batches of `batch` rows, each
 * its own short transaction, and stops after `maxPerRun`: what is left waits for the next night.
 */
export interface PruneLimits {
  keepDays: number;
  keepPerWebhook: number;
  batch: number;
  maxPerRun: number;
}

export const DEFAULT_PRUNE_LIMITS: PruneLimits = { keepDays: 30, keepPerWebhook: 10_000, batch: 5_000, maxPerRun: 100_000 };

export interface PruneRun {
  /** Deleted for their age. */
  old: number;
  /** Deleted beyond their webhook's cap. */
  overCap: number;
}

export const createDeliveryPruner = (deps: { data: DataAccess }, limits: PruneLimits = DEFAULT_PRUNE_LIMITS) => {
  const system = <T>(fn: (tx: Tx) => Promise<T>) => deps.data.withSystem('webhooks:prune', ({ tx }) => fn(tx));
  /** Batches of `step` until one comes back short or `budget` rows are gone. */
  const drain = async (budget: number, step: (limit: number) => Promise<number>): Promise<number> => {
    let done = 0;
    while (done < budget) {
      const limit = Math.min(limits.batch, budget - done);
      const n = await step(limit);
      done += n;
      if (n < limit) break;
    }
    return done;
  };
  return {
    async run(now = new Date()): Promise<PruneRun> {
      const before = new Date(now.getTime() - limits.keepDays * 86_400_000);
      const old = await drain(limits.maxPerRun, (limit) => system((tx) => repo.pruneOld(tx, before, limit)));
      const cuts = old < limits.maxPerRun ? await system((tx) => repo.overCap(tx, limits.keepPerWebhook)) : [];
      const overCap = cuts.length === 0 ? 0 : await drain(limits.maxPerRun - old, (limit) => system((tx) => repo.pruneOverCap(tx, cuts, limit)));
      return { old, overCap };
    },
  };
};
