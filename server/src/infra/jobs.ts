import PgBoss from 'pg-boss';
import type { Tx } from '../db/client';
import { txExecutor } from '../db/raw';
import { APP_ROLE } from '../db/migrate';

export type JobName = 'message.send';

export interface JobPayloads {
  'message.send': { companyId: number; messageId: number };
}

export interface JobMeta {
  retryCount: number;
  retryLimit: number;
}

/** Durable side effects as pg-boss jobs, enqueued inside the transaction that causes them. */
export class Jobs {
  private readonly workers = new Map<JobName, string>();

  private constructor(private readonly boss: PgBoss) {}

  static async start(ownerUrl: string): Promise<Jobs> {
    const boss = new PgBoss({ connectionString: ownerUrl, max: 4, application_name: 'balcao-jobs' });
    boss.on('error', (err) => console.error('pg-boss error', err));
    await boss.start();
    for (const name of ['message.send'] satisfies JobName[]) await boss.createQueue(name);
    // The app role enqueues inside its own transactions, so it needs the queue tables too.
    await boss.getDb().executeSql(
      `grant usage on schema pgboss to ${APP_ROLE}; grant select, insert, update on all tables in schema pgboss to ${APP_ROLE}; grant usage on all sequences in schema pgboss to ${APP_ROLE}`,
      [],
    );
    return new Jobs(boss);
  }

  async enqueue<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N]): Promise<void> {
    await this.boss.send(name, data, { db: txExecutor(tx), retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 });
  }

  /** Wake the local worker now instead of at its next poll (call after commit). */
  notify(name: JobName): void {
    const id = this.workers.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  async work<N extends JobName>(name: N, handler: (data: JobPayloads[N], meta: JobMeta) => Promise<void>): Promise<void> {
    const id = await this.boss.work<JobPayloads[N]>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
      if (job) await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
    });
    this.workers.set(name, id);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5_000, wait: true });
  }
}
