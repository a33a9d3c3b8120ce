/**
 * Start-up (issue 26): `npm start` — the README's command — timed until `GET /version` answers.
 *
 *   npx tsx scripts/bench/start.ts [--idle-seconds 30]
 *
 * 1. cold: a fresh data directory (embedded PostgreSQL initialised, migrated, seeded, the sandbox
 *    connection started) → `cold start N s`;
 * 2. warm: the same data directory again → `warm start N s`;
 * 3. after the warm start, idle for --idle-seconds (30) with the sandbox connection up: the server
 *    process's resident memory → `idle rss N MB`. Also printed: the value 10 s in, when V8 has
 *    usually not yet given back the heap the start-up grew (its memory reducer runs once the
 *    process is idle; measured: 152 MB at 10 s, 115 MB from ~16 s on).
 * Each start is stopped with SIGTERM (the product's graceful stop) before the next.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './lib/cluster';
import { flag } from './lib/stats';

const IDLE_SECONDS = flag('idle-seconds', 30);
const EARLY_SECONDS = 10;
const TIMEOUT_MS = 120_000;

/** The processes under `pid` (from /proc), depth first. */
const descendants = (pid: number): number[] => {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
};

/** The Node process running the server (its command line names the bundle, server/dist/main.mjs, or the sources under tsx: the deepest one). */
const serverPid = (root: number): number | undefined =>
  descendants(root)
    .filter((p) => {
      try {
        const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
        return (cmd.includes('server/dist/main.mjs') || cmd.includes('server/src/main.ts')) && !cmd.startsWith('npm');
      } catch {
        return false;
      }
    })
    .pop();

const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
};

const start = async (dataDir: string, port: number): Promise<{ child: ChildProcess; seconds: number }> => {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`no answer on /version after ${TIMEOUT_MS / 1000} s:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/version`).then((r) => r.ok, () => false);
    if (ok) return { child, seconds: (performance.now() - t0) / 1000 };
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** True while any process of the group `pgid` is left. */
const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the whole group (npm, scripts/start.mjs, the server and its embedded PostgreSQL) and waits
 * for every one of them: npm may exit before the server has stopped PostgreSQL, and the next start
 * on the same data directory would find its lock file.
 */
const stop = async (child: ChildProcess): Promise<void> => {
  const pgid = child.pid!;
  process.kill(-pgid, 'SIGTERM');
  const until = performance.now() + 30_000;
  while (groupAlive(pgid) && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
};

const dataDir = join(tmpdir(), `balcao-bench-start-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
try {
  const port = await freePort();
  const cold = await start(dataDir, port);
  await stop(cold.child);
  const warm = await start(dataDir, port);
  await new Promise((r) => setTimeout(r, Math.min(EARLY_SECONDS, IDLE_SECONDS) * 1000));
  const pid = serverPid(warm.child.pid!);
  const early = pid ? rssMb(pid) : Number.NaN;
  await new Promise((r) => setTimeout(r, Math.max(0, IDLE_SECONDS - EARLY_SECONDS) * 1000));
  const rss = pid ? rssMb(pid) : Number.NaN;
  await stop(warm.child);
  console.log(`npm start (web build, then the server: embedded PostgreSQL, migrations, seed, sandbox connection) until GET /version answers; data dir ${dataDir}`);
  console.log(`cold start ${cold.seconds.toFixed(1)} s`);
  console.log(`warm start ${warm.seconds.toFixed(1)} s`);
  console.log(`idle rss ${rss.toFixed(0)} MB (server process ${pid ?? '?'}, ${IDLE_SECONDS} s after the warm start; ${early.toFixed(0)} MB at ${EARLY_SECONDS} s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
