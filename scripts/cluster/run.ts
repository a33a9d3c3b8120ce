/**
 * `npm run cluster -- --processes N`: the product as production runs it, on one machine (issue 31
 * §1): one PostgreSQL (embedded in DATA_DIR/pg, or DATABASE_URL), N server processes (the
 * `npm start` bundle, plain Node, the PostgreSQL socket.io adapter) and nginx in front with the
 * repo's deploy/nginx.conf, on one port.
 *
 *   npm run cluster -- [--processes 2] [--port 8080] [--data-dir .data-cluster]
 *
 * The first process migrates and seeds alone; the others start once it is ready (GET /ready).
 * Every process shares DATA_DIR (its secrets.json and media folder), like the compose volume.
 * Ctrl-C stops nginx, then each process gracefully, then PostgreSQL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../server/src/infra/config';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDb } from '../../server/src/db/embedded';
import { startNginx } from './nginx';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

export interface Cluster {
  url: string;
  processes: { port: number; child: ChildProcess }[];
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..', '..');
/** What `npm start` runs (scripts/server-bundle.mjs builds it when its sources changed). */
const SERVER_BUNDLE = join(root, 'server', 'dist', 'main.mjs');

/** Polls GET /ready until it answers 200 (or the process exits, or `timeoutMs` passes). */
export const waitReady = async (url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(`${url}/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}: not ready after ${timeoutMs / 1000} s`);
};

const stopChild = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });

/**
 * `databaseUrl`: an owner URL to use instead of DATABASE_URL or the embedded cluster (the bench's
 * own throwaway database); `env`: more environment for every process; `quiet`: their output off.
 */
export const startCluster = async (opts: { processes: number; port: number; dataDir: string; databaseUrl?: string; env?: NodeJS.ProcessEnv; quiet?: boolean }): Promise<Cluster> => {
  const dataDir = resolve(opts.dataDir);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}) });
  let embedded: EmbeddedDb | undefined;
  let ownerUrl = config.databaseUrl;
  if (!ownerUrl) {
    embedded = await startEmbeddedPostgres(join(dataDir, 'pg'), { password: config.pgOwnerPassword, ownedRoot: dataDir, log: opts.quiet ? undefined : console.log });
    ownerUrl = await ensureDatabase(embedded.ownerUrl, 'balcao');
  }
  const bundled = spawnSync(process.execPath, [join(root, 'scripts', 'server-bundle.mjs')], { cwd: root, stdio: opts.quiet ? 'ignore' : 'inherit' });
  if (bundled.status !== 0) throw new Error('scripts/server-bundle.mjs failed');
  const processes: Cluster['processes'] = [];
  let proxy: ChildProcess | undefined;
  const stop = async () => {
    if (proxy) await stopChild(proxy, 'SIGQUIT');
    await Promise.all(processes.map((p) => stopChild(p.child)));
    await embedded?.stop().catch(() => undefined);
  };
  try {
    for (let i = 0; i < opts.processes; i += 1) {
      const port = opts.port + 1 + i;
      const child = spawn(process.execPath, [SERVER_BUNDLE], {
        cwd: root,
        stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', 'inherit'],
        env: {
          ...process.env,
          ...opts.env,
          DATA_DIR: dataDir,
          DATABASE_URL: ownerUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          REALTIME_ADAPTER: 'postgres',
          SANDBOX_ENABLED: process.env.SANDBOX_ENABLED ?? '1',
          // nginx is the one hop in front: the forwarded address is the client's.
          TRUST_PROXY: '1',
        },
      });
      processes.push({ port, child });
      // The first migrates and seeds alone; the others join a ready database.
      if (i === 0) await waitReady(`http://127.0.0.1:${port}`, child);
    }
    await Promise.all(processes.slice(1).map((p) => waitReady(`http://127.0.0.1:${p.port}`, p.child)));
    proxy = await startNginx({ root, dir: join(dataDir, 'nginx'), upstreams: processes.map((p) => `127.0.0.1:${p.port}`), port: opts.port });
    await waitReady(`http://127.0.0.1:${opts.port}`, proxy);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${opts.port}`, processes, stop };
};

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const n = Number(arg('processes', '2'));
  const port = Number(arg('port', '8080'));
  const cluster = await startCluster({ processes: n, port, dataDir: arg('data-dir', '.data-cluster') });
  console.log(`\nBalcão cluster: ${n} processes (ports ${cluster.processes.map((p) => p.port).join(', ')}) behind nginx at ${cluster.url}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping the cluster ...`);
      void cluster.stop().then(() => process.exit(0));
    });
  }
}
