/**
 * A server stand-in that owns an embedded PostgreSQL, run as a child (`node --import tsx`) so a
 * test can `kill -9` it and leave the cluster orphaned, as a killed `npm start` does.
 * Env: PG_DIR, PG_PASSWORD, DATA_DIR. Prints `READY <postmaster pid>`, then waits to be killed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded';

const run = async () => {
  const dir = process.env.PG_DIR!;
  await startEmbeddedPostgres(dir, { password: process.env.PG_PASSWORD!, ownedRoot: process.env.DATA_DIR!, port: 0 });
  const pid = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0];
  console.log(`READY ${pid}`);
  setInterval(() => undefined, 60_000);
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
