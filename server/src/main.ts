import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './infra/config';
import { BootError, ensureDatabase, startEmbeddedPostgres, type EmbeddedDb } from './db/embedded';
import { APP_ROLE, runMigrations } from './db/migrate';
import { withCredentials } from './db/client';
import { buildApp, type AppOptions, type BuiltApp } from './app';
import { seedFirstStart } from './modules/onboarding';
import { createContactMerge } from './modules/contact-merge';

/** What a test entry may swap in; the product passes nothing (server/test/e2e uses a fake WhatsApp network). */
export type StartOverrides = Pick<AppOptions, 'baileysSocketFactory'>;

/**
 * env → embedded PostgreSQL when DATABASE_URL is unset → migrate → seed → resume → listen, then
 * "Balcão is running" and stop on SIGINT/SIGTERM. Shared by `npm start` and the e2e entry.
 */
export const startServer = async (overrides: StartOverrides = {}): Promise<BuiltApp> => {
  const config = loadConfig();
  let embedded: EmbeddedDb | undefined;
  let ownerUrl = config.databaseUrl;
  if (!ownerUrl) {
    console.log(`Starting embedded PostgreSQL in ${join(config.dataDir, 'pg')} ...`);
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'pg'), { password: config.pgOwnerPassword, ownedRoot: config.dataDir, log: console.log });
    ownerUrl = await ensureDatabase(embedded.ownerUrl, 'balcao');
  }
  await runMigrations(ownerUrl, config.appDbPassword);
  const appUrl = config.appDatabaseUrl ?? withCredentials(ownerUrl, { user: APP_ROLE, password: config.appDbPassword });
  const built = await buildApp({ config, ownerUrl, appUrl, ...overrides });
  const seed = await seedFirstStart(built.data, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, sandbox: config.sandboxEnabled });
  // Numbers stored before the one phone form, rewritten (duplicates merged) before any message arrives; a no-op once done (decision 0361).
  const backfill = await createContactMerge(built.data).backfillPhones();
  if (backfill.rewritten || backfill.merged) built.app.log.info(backfill, 'contact numbers rewritten to the one phone form');
  const resumed = await built.resumeSessions();
  await built.app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  console.log(`\nBalcão is running at ${url}  (${resumed} WhatsApp connection(s) live)`);
  if (seed.generatedPassword) {
    console.log(`First start: log in as ${seed.email} with the password ${seed.generatedPassword}`);
    console.log('This password is shown only once. Set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own on a fresh data directory.');
  } else if (seed.created) {
    console.log(`First start: log in as ${seed.email} with the ADMIN_PASSWORD you configured.`);
  } else {
    console.log(`Log in as ${seed.email} (password from the first start).`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping ...`);
    await built.close().catch((err) => console.error(err));
    await embedded?.stop().catch((err) => console.error(err));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return built;
};

/** True when this file (or the bundle it is in, `server/dist/main.mjs`) is the process entry (`tsx server/src/main.ts`, `npm start`), false when imported. */
const isEntry = (): boolean => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
};

if (isEntry()) {
  startServer().catch((err) => {
    // A refused setting or a known boot problem is the operator's to fix: one line, no stack.
    console.error(err instanceof ConfigError ? `Balcão cannot start: ${err.message}` : err instanceof BootError ? err.message : err);
    process.exit(1);
  });
}
