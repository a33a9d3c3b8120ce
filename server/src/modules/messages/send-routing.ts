import { sql } from 'drizzle-orm';
import type { DataAccess } from '../../db/tenant';
import { LEASE_NAMESPACE } from '../../db/leases';
import { connectionQueue, type JobMeta, type JobPayloads, type Jobs } from '../../infra/jobs';

type SendJob = JobPayloads['message.send'];
type Deliver = (data: SendJob, meta: JobMeta) => Promise<void>;

/**
 * Sends run where the socket is (docs/decisions/0011-sends-run-where-the-socket-is.md).
 * Every process works the shared `message.send` queue; a job for a connection whose socket
 * lives in another process is handed to that connection's own queue, which only the lease
 * holder works. When the lease moves (takeover after a crash), the new owner works the queue
 * and finds the jobs still there.
 */
export const createSendRouting = (deps: { data: DataAccess; jobs: Jobs }) => {
  let deliver: Deliver | undefined;
  /** Connections whose queue this process works; changed in order per connection (the manager serialises). */
  const following = new Map<number, Promise<void>>();

  const follow = (whatsappId: number, live: boolean): Promise<void> => {
    const prev = following.get(whatsappId) ?? Promise.resolve();
    const next = prev
      .catch(() => undefined)
      .then(async () => {
        const queue = connectionQueue(whatsappId);
        if (live && deliver) await deps.jobs.workConnection(queue, deliver);
        if (!live) await deps.jobs.stopConnection(queue);
      });
    following.set(whatsappId, next);
    return next;
  };

  /** Is the connection's session lease held by some process (then its socket lives there)? */
  const liveSomewhere = (companyId: number, whatsappId: number) =>
    deps.data.withTenant({ companyId }, async ({ tx }) => {
      // pg_locks is visible to every role and spans the cluster; objsubid 2 marks the two-int4 form.
      const rows = await tx.execute<{ held: boolean }>(
        sql`select exists (select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
              and classid = ${LEASE_NAMESPACE} and objid = ${whatsappId} and objsubid = 2 and granted) as held`,
      );
      return rows[0]?.held === true;
    });

  return {
    /** The worker that delivers through a local channel; set once by the send worker. */
    setDeliver(fn: Deliver): void {
      deliver = fn;
    },
    /** SessionManager hook: a channel became live (or stopped being live) in this process. */
    onLive(whatsappId: number, live: boolean): void {
      void follow(whatsappId, live).catch((err: unknown) => console.error(`send routing for connection ${whatsappId}`, err));
    },
    /** Waits until the queue changes asked so far have taken effect (tests). */
    settled(): Promise<void> {
      return Promise.all([...following.values()].map((p) => p.catch(() => undefined))).then(() => undefined);
    },
    /**
     * For a job that has no channel here: hands it to the owner's queue and returns true when
     * the connection is live in another process; false when it is live nowhere (retry later).
     */
    async forwardToOwner(data: SendJob, whatsappId: number): Promise<boolean> {
      if (!(await liveSomewhere(data.companyId, whatsappId))) return false;
      await deps.jobs.forward(connectionQueue(whatsappId), data);
      return true;
    },
  };
};

export type SendRouting = ReturnType<typeof createSendRouting>;
