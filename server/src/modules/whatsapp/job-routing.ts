import { sql } from 'drizzle-orm';
import type { DataAccess } from '../../db/tenant';
import { LEASE_NAMESPACE } from '../../db/leases';
import type { ConnectionJob, ConnectionJobName, JobMeta, JobPayloads, Jobs } from '../../infra/jobs';

type Worker<N extends ConnectionJobName> = (data: JobPayloads[N], meta: JobMeta) => Promise<void>;
type Workers = { [N in ConnectionJobName]?: Worker<N> };

/**
 * Jobs that need a live socket run where the socket is (docs/decisions/0011-connection-jobs-run-where-the-socket-is.md).
 * Every process works the shared queues (`message.send`, `media.download`, `session.command`); a job for a
 * connection whose socket lives in another process is handed to that connection's own queue
 * (`whatsapp.c<whatsappId>`, one per connection whatever the job), which only the lease holder works. When the lease moves (takeover
 * after a crash), the new owner works the queues and finds the jobs still there.
 */
export const createJobRouting = (deps: { data: DataAccess; jobs: Jobs }) => {
  const workers: Workers = {};
  /** Per connection, the queue changes in the order the session manager reported them. */
  const following = new Map<number, Promise<void>>();

  /** A connection queue's job, to the worker of its name (none yet: retried until there is one). */
  const dispatch = async (job: ConnectionJob, meta: JobMeta): Promise<void> => {
    const worker = workers[job.name] as Worker<typeof job.name> | undefined;
    if (!worker) throw new Error(`no worker for ${job.name} yet`);
    await (worker as (data: unknown, meta: JobMeta) => Promise<void>)(job.data, meta);
  };

  const apply = async (whatsappId: number, on: boolean): Promise<void> => {
    if (on) await deps.jobs.workConnection(whatsappId, dispatch);
    else await deps.jobs.stopConnection(whatsappId);
  };

  const follow = (whatsappId: number, on: boolean): Promise<void> => {
    const prev = following.get(whatsappId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(() => apply(whatsappId, on));
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
    /** What a connection queue does with jobs of `name` (local channel only, never forwards); once per name. */
    setWorker<N extends ConnectionJobName>(name: N, fn: Worker<N>): void {
      (workers as Record<N, Worker<N>>)[name] = fn;
    },
    /** SessionManager hook: a channel became live (or stopped being live) in this process. */
    onLive(whatsappId: number, on: boolean): void {
      void follow(whatsappId, on).catch((err: unknown) => console.error(`job routing for connection ${whatsappId}`, err));
    },
    /** Waits until the queue changes asked so far have taken effect (shutdown, tests). */
    settled(): Promise<void> {
      return Promise.all([...following.values()].map((p) => p.catch(() => undefined))).then(() => undefined);
    },
    /**
     * For a job that has no channel here: hands it to the owner's queue and returns true when
     * the connection is live in another process; false when it is live nowhere (retry later).
     */
    async forwardToOwner<N extends ConnectionJobName>(name: N, data: JobPayloads[N], whatsappId: number): Promise<boolean> {
      if (!(await liveSomewhere(data.companyId, whatsappId))) return false;
      await deps.jobs.forward(name, whatsappId, data);
      return true;
    },
  };
};

export type JobRouting = ReturnType<typeof createJobRouting>;
