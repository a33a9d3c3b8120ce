import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { poolExecutor, txExecutor } from '../db/raw';
import { APP_ROLE } from '../db/migrate';

/**
 * Every job's payload by name. Empty here: each module declares its own jobs in its
 * `<m>.job-types.ts` (`declare module '../../infra/jobs'`, issue 27 §4), so infra names no
 * module's work and a new job touches only the module that works it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

/** The jobs that run on a connection's own queue (the process holding its socket); each module lists its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ConnectionJobs {}

/** Cron jobs: one run at a time in the cluster; each module lists its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface CronJobs {}

export type JobName = keyof JobPayloads & string;

/** How pg-boss keeps a job's queue: a plain one, or a cron queue ('stately'). */
export type JobQueueKind = 'queue' | 'cron';

/** A module's job queues as it declares them (its `<m>JobQueues`); server/src/job-queues.ts joins them. */
export type JobQueues = Partial<Record<JobName, JobQueueKind>>;

/** Cron jobs: pg-boss creates one job per tick for the whole cluster. */
export type CronJobName = keyof CronJobs & JobName;

/** Jobs that need a connection's live socket, so they run in the process holding its lease. */
export type ConnectionJobName = keyof ConnectionJobs & JobName;

/**
 * The one queue of a WhatsApp connection, worked only by the process holding its session lease:
 * sends, read receipts, media downloads and session commands run where the socket is (docs/decisions/0011).
 * One queue per connection (not one per job name): each worked queue is a poller.
 */
export type ConnectionQueue = `whatsapp.c${number}`;

export const connectionQueue = (whatsappId: number): ConnectionQueue => `whatsapp.c${whatsappId}`;

/** What a connection queue carries: the job's name and its usual payload. */
export type ConnectionJob = { [N in ConnectionJobName]: { name: N; data: JobPayloads[N] } }[ConnectionJobName];

export interface JobMeta {
  retryCount: number;
  retryLimit: number;
  /** pg-boss's id of the job (absent when a test calls a worker directly). */
  id?: string;
}

/** A job not yet finished (created, waiting for a retry, or running) and what it last reported. */
export interface UnfinishedJob {
  id: string;
  data: unknown;
  state: 'created' | 'retry' | 'active';
  /** What the worker last recorded with `setProgress` (null before its first). */
  progress: unknown;
}

const DEADLOCK = '40P01';
/** How often an idle worker looks for a job it was not woken for (a retry come due, another process's job). */
const POLL_SECONDS = 2;
/** A cron queue's worker: ticks are a minute or more apart (decision 0362). */
const CRON_POLL_SECONDS = 15;
/** The workers of a name with several, each: the name's one 2-s poll wakes them (decision 0362). */
const SIBLING_POLL_SECONDS = 60;

let lastMs = 0;
let seq = 0;
/**
 * A time-ordered job id (UUIDv7 layout: 48-bit milliseconds, then a 12-bit counter, then random):
 * strictly increasing within the process. pg-boss fetches `order by created_on, id`, and every job
 * enqueued in one transaction has the same `created_on` (the transaction's `now()`), so random ids
 * would send a turn's messages (the invalid-option text, then the menu; an AI's answer, then the
 * queue's greeting) in any order. With these, they go in the order they were queued.
 */
export const orderedJobId = (): string => {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    seq = 0;
  } else if (++seq > 0xfff) {
    lastMs += 1;
    seq = 0;
  }
  const b = randomBytes(16);
  b.writeUIntBE(lastMs, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Durable side effects as pg-boss jobs, enqueued inside the transaction that causes them. */
export class Jobs {
  private readonly workers = new Map<JobName | ConnectionQueue, string>();
  /** Every worker id still working here (a name may have several: `work(name, h, { workers })`). */
  private readonly live = new Set<string>();
  private readonly created = new Set<string>();
  private creating: Promise<void> = Promise.resolve();

  /** Per name with several workers: each worker's id and whether it is running a job now. */
  private readonly pools = new Map<JobName, { id: string; busy: boolean }[]>();
  /** The one poll timer of each such name (see `work`). */
  private readonly pollers: NodeJS.Timeout[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly state: { stopping: boolean },
    private readonly closeDb: () => Promise<void>,
    private readonly kinds: JobQueues,
  ) {}

  /** The process is shutting down: pg-boss's connection errors are expected from now on. */
  beginStop(): void {
    this.state.stopping = true;
  }

  /** `queues`: the queues to create (idempotent); a database made from a template that has them needs none. */
  static async start(ownerUrl: string, queues: JobQueues = {}): Promise<Jobs> {
    const db = poolExecutor(ownerUrl, { max: 4, applicationName: 'balcao-jobs' });
    const boss = new PgBoss({ db });
    const state = { stopping: false };
    // Once the process is stopping, PostgreSQL going away first (Ctrl+C reaches the embedded
    // server too) is expected: no pages of connection errors on the way out.
    boss.on('error', (err: Error) => {
      if (!state.stopping) console.error('pg-boss error:', err.message);
    });
    await boss.start();
    // Each module's queues (server/src/job-queues.ts); a cron queue is 'stately': at most one job
    // waiting and one running, so a slow run never piles up ticks and two processes never run it at once.
    for (const [name, kind] of Object.entries(queues)) await boss.createQueue(name, kind === 'cron' ? { name, policy: 'stately' } : undefined);
    // The app role enqueues inside its own transactions, so it needs the queue tables too.
    // Under a lock: two processes granting on the same tables at once fail with "tuple
    // concurrently updated" (two apps starting together on one database did).
    await boss.getDb().executeSql(
      `begin; select pg_advisory_xact_lock(727002); grant usage on schema pgboss to ${APP_ROLE}; grant select, insert, update on all tables in schema pgboss to ${APP_ROLE}; grant usage on all sequences in schema pgboss to ${APP_ROLE}; commit;`,
      [],
    );
    return new Jobs(boss, state, db.close, queues);
  }

  /**
   * `startAfterSeconds`: not before then (a safety net that usually finds nothing left to do);
   * `startAt`: not before that moment (a send the number's gate planned; issue 28 §2).
   */
  async enqueue<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N], opts: { startAfterSeconds?: number; startAt?: Date } = {}): Promise<void> {
    await this.boss.send(name, data, {
      id: orderedJobId(),
      db: txExecutor(tx),
      retryLimit: 8,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 120,
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.startAt ? { startAfter: opts.startAt } : {}),
    });
  }

  /** Several jobs of one name in one statement, inside the caller's transaction (same options as `enqueue`). */
  async enqueueMany<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N][], opts: { startAfterSeconds?: number } = {}): Promise<void> {
    if (data.length === 0) return;
    const startAfter = opts.startAfterSeconds ? new Date(Date.now() + opts.startAfterSeconds * 1000).toISOString() : undefined;
    await this.boss.insert(
      data.map((d) => ({ id: orderedJobId(), name, data: d, retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 120, ...(startAfter ? { startAfter } : {}) })),
      { db: txExecutor(tx) },
    );
  }

  /**
   * At most one unfinished job of `name` per `key` (e.g. one import per company): inside the
   * caller's transaction, the unfinished one when there is one, else a new job (enqueued with
   * the transaction). Concurrent callers are serialised on an advisory lock of (name, key).
   */
  async enqueueOnce<N extends JobName>(
    tx: Tx,
    name: N,
    key: string,
    data: JobPayloads[N],
    opts: { expireInSeconds?: number; retryLimit?: number } = {},
  ): Promise<{ job: UnfinishedJob; created: boolean }> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${name}|${key}`}))`);
    const running = await this.unfinished(tx, name, key);
    if (running) return { job: running, created: false };
    const id = await this.boss.send(name, data, {
      db: txExecutor(tx),
      singletonKey: key,
      retryLimit: opts.retryLimit ?? 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: opts.expireInSeconds ?? 120,
    });
    if (!id) throw new Error(`${name}: pg-boss refused the job`);
    return { job: { id, data, state: 'created', progress: null }, created: true };
  }

  /** The unfinished job of `name` for `key`, if any (read in the caller's transaction). */
  async unfinished(tx: Tx, name: JobName, key: string): Promise<UnfinishedJob | undefined> {
    const rows = await tx.execute<{ id: string; data: unknown; state: UnfinishedJob['state']; output: unknown }>(
      sql`select id::text, data, state::text as state, output from pgboss.job
          where name = ${name} and singleton_key = ${key} and state < 'completed' order by created_on desc limit 1`,
    );
    const r = rows[0];
    return r ? { id: r.id, data: r.data, state: r.state, progress: r.output ?? null } : undefined;
  }

  /**
   * Whether a job of `name` whose payload contains `match` waits to run (created or retrying),
   * other than `exceptId` (read in the caller's transaction): a self-chaining job adds its
   * successor only when none waits (campaign dispatch).
   */
  async waiting(tx: Tx, name: JobName, match: Record<string, unknown>, exceptId?: string): Promise<boolean> {
    const rows = await tx.execute(
      sql`select 1 from pgboss.job where name = ${name} and state in ('created', 'retry') and data @> ${JSON.stringify(match)}::jsonb
          ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`,
    );
    return rows.length > 0;
  }

  /** How many jobs of these queues are not finished yet (created, retrying or running): backpressure. */
  async backlog(tx: Tx, names: (JobName | ConnectionQueue)[]): Promise<number> {
    const rows = await tx.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name in ${sql`(${sql.join(names.map((n) => sql`${n}`), sql`, `)})`} and state < 'completed'`);
    return Number(rows[0]?.n ?? 0);
  }

  /** Whether a job of `name` without `data.background` waits to run (created or retrying), cluster-wide. */
  async foregroundWaiting(name: JobName): Promise<boolean> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`select exists (select 1 from pgboss.job where name = $1 and state in ('created', 'retry') and not coalesce((data->>'background')::boolean, false)) as waiting`, [name]);
    return (rows[0] as { waiting?: boolean } | undefined)?.waiting === true;
  }

  /** Jobs waiting to run (created or retrying), per queue, cluster-wide: what /metrics reports (issue 31 §5). */
  async waitingByQueue(): Promise<Record<string, number>> {
    const { rows } = await this.boss.getDb().executeSql(`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name`, []);
    return Object.fromEntries((rows as { name: string; n: number }[]).map((r) => [r.name, Number(r.n)]));
  }

  /** The process is working its jobs (started, not stopping): /ready's check. */
  get running(): boolean {
    return !this.state.stopping;
  }

  /** Records a running job's progress (read back by `unfinished`; pg-boss replaces it when the job completes). */
  async setProgress(name: JobName, id: string, progress: object): Promise<void> {
    await this.boss.getDb().executeSql(`update pgboss.job set output = $1 where name = $2 and id = $3 and state = 'active'`, [JSON.stringify(progress), name, id]);
  }

  /**
   * Outside any transaction: for work nothing is lost without (a hint, a cache refresh), or a
   * job handing itself on (`asQueued`: the retries and expiry `enqueue` gives; a webhook batch put
   * back for later, whose job completes only once this resolved).
   */
  async enqueueNow<N extends JobName>(name: N, data: JobPayloads[N], opts: { singletonKey?: string; startAfterSeconds?: number; asQueued?: boolean } = {}): Promise<void> {
    await this.boss.send(name, data, {
      retryLimit: opts.asQueued ? 8 : 3,
      retryDelay: opts.asQueued ? 2 : 5,
      retryBackoff: true,
      expireInSeconds: opts.asQueued ? 120 : 60,
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
    // Committed already (no transaction here): a local worker may take it now, not at its next poll.
    if (!opts.startAfterSeconds) this.notify(name);
  }

  /**
   * Hands a job to the connection's own queue (outside any transaction: the caller's job
   * completes after this resolves, so the worst case is a duplicate, which both workers ignore:
   * the message is past ack 0, or its media is already stored).
   */
  async forward<N extends ConnectionJobName>(name: N, whatsappId: number, data: JobPayloads[N]): Promise<void> {
    const queue = connectionQueue(whatsappId);
    await this.ensureQueue(queue);
    const id = await this.boss.send(queue, { name, data }, { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 });
    const worker = this.workers.get(queue);
    if (id && worker) this.boss.notifyWorker(worker);
  }

  /** Starts working a connection's queue here (this process took its lease). Idempotent. */
  async workConnection(whatsappId: number, handler: (job: ConnectionJob, meta: JobMeta) => Promise<void>): Promise<void> {
    const queue = connectionQueue(whatsappId);
    if (this.workers.has(queue)) return;
    await this.ensureQueue(queue);
    await this.workAs(queue, handler);
  }

  /** Stops working a connection's queue (the lease moved or the connection went away). */
  async stopConnection(whatsappId: number): Promise<void> {
    const queue = connectionQueue(whatsappId);
    const id = this.workers.get(queue);
    if (!id || !this.workers.delete(queue)) return;
    this.live.delete(id);
    await this.boss.offWork(queue);
  }

  /**
   * Runs `name` on a cron schedule (UTC), once per tick for the whole cluster (pg-boss keeps one
   * schedule per name; calling again from every process just rewrites it). A run is not retried:
   * the next tick is the retry.
   */
  async schedule(name: CronJobName, cron: string, opts: { expireInSeconds: number }): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz: 'UTC', retryLimit: 0, expireInSeconds: opts.expireInSeconds });
  }

  /** Wake a local worker now instead of at its next poll (call after commit): an idle one, for a name with several. */
  notify(name: JobName): void {
    const pool = this.pools.get(name);
    const id = pool ? (pool.find((w) => !w.busy) ?? pool[0])?.id : this.workers.get(name);
    if (id && this.live.has(id)) this.boss.notifyWorker(id);
  }

  /**
   * `workers`: how many jobs of `name` this process runs at once (default 1; slow outside calls
   * such as webhooks want more).
   *
   * Every pg-boss worker polls on its own, and an idle server's cost was its polls: 16 webhook
   * workers alone were 8 fetches a second (decision 0362). So a name with several workers has one
   * poll every 2 s, which wakes an idle worker, and a worker that takes a job wakes the next idle
   * one, so a burst still spreads over all of them at once; their own polls are only a safety net.
   * A cron queue gets a job once per tick at most (a minute or more): polled every 15 s, and an
   * `enqueueNow` of it from this process wakes it at once.
   */
  async work<N extends JobName>(name: N, handler: (data: JobPayloads[N], meta: JobMeta) => Promise<void>, opts: { workers?: number } = {}): Promise<void> {
    const count = opts.workers ?? 1;
    if (count === 1) {
      await this.workAs(name, handler, this.kinds[name] === 'cron' ? CRON_POLL_SECONDS : POLL_SECONDS);
      return;
    }
    const pool: { id: string; busy: boolean }[] = [];
    this.pools.set(name, pool);
    for (let i = 0; i < count; i++) {
      const me = { id: '', busy: false };
      me.id = await this.workAs(name, handler, SIBLING_POLL_SECONDS, {
        taken: () => {
          me.busy = true;
          const next = pool.find((w) => !w.busy);
          if (next && this.live.has(next.id)) this.boss.notifyWorker(next.id);
        },
        done: () => {
          me.busy = false;
        },
      });
      pool.push(me);
    }
    const timer = setInterval(() => this.notify(name), POLL_SECONDS * 1000);
    timer.unref();
    this.pollers.push(timer);
  }

  private async workAs<T extends object>(
    name: JobName | ConnectionQueue,
    handler: (data: T, meta: JobMeta) => Promise<void>,
    pollingIntervalSeconds = POLL_SECONDS,
    hooks: { taken?: () => void; done?: () => void } = {},
  ): Promise<string> {
    // One job at a time; after each, look for the next at once rather than at the next poll, so
    // a burst (several files of one send, forwards) goes out back to back.
    const worker: { id?: string } = {};
    const id = await this.boss.work<T>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      if (!job) return;
      hooks.taken?.();
      try {
        await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit, id: job.id });
      } finally {
        hooks.done?.();
        setImmediate(() => {
          if (worker.id && this.live.has(worker.id)) this.boss.notifyWorker(worker.id);
        });
      }
    });
    worker.id = id;
    this.live.add(id);
    // `notify` wakes the first worker of a one-worker name; each one then looks for the next job itself.
    if (!this.workers.has(name)) this.workers.set(name, id);
    return id;
  }

  /**
   * pg-boss 10 needs a queue before send/work; creating one that exists is a no-op. Creations run
   * one at a time: each adds a partition and a foreign key to pg-boss's tables, and concurrent
   * ones deadlock (measured: 100 connections going live at boot). Another process creating a
   * queue at the same moment can still deadlock with us, so a deadlock is retried.
   */
  private ensureQueue(name: string): Promise<void> {
    if (this.created.has(name)) return Promise.resolve();
    const next = this.creating.catch(() => undefined).then(async () => {
      if (this.created.has(name)) return;
      for (let attempt = 1; ; attempt++) {
        try {
          await this.boss.createQueue(name);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
        }
      }
      this.created.add(name);
    });
    this.creating = next;
    return next;
  }

  async stop(): Promise<void> {
    this.beginStop();
    for (const timer of this.pollers) clearInterval(timer);
    await this.boss.stop({ graceful: true, timeout: 5_000, wait: true });
    await this.closeDb();
  }
}
