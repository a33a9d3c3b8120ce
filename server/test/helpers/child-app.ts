import { resolve } from 'node:path';
import type { Config } from '../../src/infra/config';

/**
 * The config of a whole server process run as a test's child (`node --import tsx
 * server/test/helpers/<name>-process.ts`, so that a test can kill it or race it against its own
 * app): the test's database comes by OWNER_URL and APP_URL, no HTTP port unless the child listens
 * itself, no realtime adapter, the sandbox on. One place, so the children never drift apart.
 */
export const childConfig = (dataDir = resolve('.test-data')): Config => ({
  port: 0,
  host: '127.0.0.1',
  production: false,
  allowPrivateHosts: true,
  dataDir,
  appDbPassword: 'unused',
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  sandboxEnabled: true,
  realtimeAdapter: 'none',
  webDir: resolve('desktop/dist-none'),
  version: '0.0.0-test',
});

/** The child's database, from the environment its test set. */
export const childDatabase = (): { ownerUrl: string; appUrl: string } => {
  const ownerUrl = process.env.OWNER_URL;
  const appUrl = process.env.APP_URL;
  if (!ownerUrl || !appUrl) throw new Error('a test child needs OWNER_URL and APP_URL');
  return { ownerUrl, appUrl };
};
