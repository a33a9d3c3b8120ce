import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type AppOptions, type BuiltApp } from '../../src/app';
import type { Config } from '../../src/infra/config';
import { withCredentials } from '../../src/db/client';
import { APP_ROLE } from '../../src/db/migrate';
import { seedFirstStart } from '../../src/modules/onboarding';
import type { Clock } from '../../src/infra/clock';
import type { BaileysSocketFactory } from '../../src/modules/whatsapp/baileys/socket';
import { SUPER_EMAIL, SUPER_PASSWORD, TEMPLATE_DB, TEST_APP_PASSWORD } from './constants';
import { startLocalS3, type LocalS3 } from './local-s3';

export interface TestApp extends BuiltApp {
  url: string;
  ownerUrl: string;
  appUrl: string;
  /** A raw owner connection, for asserting on rows (never used by the code under test). */
  owner: postgres.Sql;
}

export const testConfig = (over: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  production: false,
  dataDir: resolve('.test-data'),
  appDbPassword: TEST_APP_PASSWORD,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  sandboxEnabled: true,
  realtimeAdapter: 'none',
  webDir: resolve('desktop/dist-none'),
  version: '0.0.0-test',
  // The tests' fake services (webhook receivers, AI, Typebot, n8n) listen on 127.0.0.1; the guard's own tests turn this off.
  allowPrivateHosts: true,
  // An agent whose last socket closes is offline at once, as before the grace (decision 0431): the
  // suites that close sockets wait on the event; the grace's own test sets one.
  presenceOfflineGraceMs: 0,
  ...over,
});

let envS3: Promise<LocalS3> | undefined;
/**
 * `MEDIA_STORE=s3 npx vitest run <files>`: every test app of the run keeps its media in a local
 * S3-compatible server (one per worker, s3rver), so a module's media tests run against the S3
 * store as they do against the filesystem (decision 0385). Unset: the filesystem store.
 */
const envMediaStore = async (): Promise<Partial<Config>> => {
  if (process.env.MEDIA_STORE !== 's3') return {};
  envS3 ??= startLocalS3().then((s3) => {
    process.once('beforeExit', () => void s3.close());
    return s3;
  });
  return { media: (await envS3).media };
};

/** A fresh database cloned from the migrated template. */
export const createTestDatabase = async (): Promise<{ ownerUrl: string; appUrl: string; drop(): Promise<void> }> => {
  const base = inject('pgOwnerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => undefined });
  // FILE_COPY: half the time of the default WAL_LOG for a small template, and a quarter to drop.
  await admin.unsafe(`create database ${name} template ${TEMPLATE_DB} strategy file_copy`);
  await admin.end();
  const ownerUrl = withCredentials(base, { database: name });
  return {
    ownerUrl,
    appUrl: withCredentials(ownerUrl, { user: APP_ROLE, password: TEST_APP_PASSWORD }),
    drop: async () => {
      const a = postgres(base, { max: 1, onnotice: () => undefined });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
};

/** The whole server on a fresh database, listening on a random port, with the platform seeded. */
export const createTestApp = async (
  opts: { config?: Partial<Config>; clock?: Clock; db?: { ownerUrl: string; appUrl: string }; baileysSocketFactory?: BaileysSocketFactory; leaseScanMs?: number; logger?: AppOptions['logger']; responders?: AppOptions['responders']; dialogflowBaseUrl?: string; campaignRunner?: AppOptions['campaignRunner']; paymentProvider?: AppOptions['paymentProvider']; webhookLimits?: AppOptions['webhookLimits']; onStatement?: AppOptions['onStatement'] } = {},
): Promise<TestApp> => {
  const db = opts.db ?? (await createTestDatabase());
  const config = testConfig({ ...(await envMediaStore()), ...opts.config });
  const built = await buildApp({
    config,
    ownerUrl: db.ownerUrl,
    appUrl: db.appUrl,
    clock: opts.clock,
    sandboxTiming: { deliveredAfterMs: 30, readAfterMs: 60 },
    onStatement: opts.onStatement,
    baileysSocketFactory: opts.baileysSocketFactory,
    leaseScanMs: opts.leaseScanMs,
    responders: opts.responders,
    logger: opts.logger ?? false,
    dialogflowBaseUrl: opts.dialogflowBaseUrl,
    campaignRunner: opts.campaignRunner,
    paymentProvider: opts.paymentProvider,
    webhookLimits: opts.webhookLimits,
  });
  await seedFirstStart(built.data, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD, sandbox: true });
  await built.sessions.resumeAll();
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = postgres(db.ownerUrl, { max: 2, onnotice: () => undefined });
  return {
    ...built,
    url: address,
    ownerUrl: db.ownerUrl,
    appUrl: db.appUrl,
    owner,
    close: async () => {
      await built.close();
      await owner.end();
      if (!opts.db) await (db as { drop?: () => Promise<void> }).drop?.();
    },
  };
};
