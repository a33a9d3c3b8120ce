/**
 * A whole server process for the campaign tests and the campaign bench, run as a child
 * (`node --import tsx`) so that it can be killed with SIGKILL mid-campaign. Env: OWNER_URL,
 * APP_URL, DATA_DIR (optional), STALE_SECONDS (the runner's stale window; default 2), NO_SEED=1
 * (the platform was seeded already, e.g. by a bench), LISTEN=1 (serve the API on a free local port).
 * Prints `READY` (with LISTEN=1: `READY <url>`) once it works jobs; nothing else on stdout.
 */
import { buildApp } from '../../src/app';
import { childConfig, childDatabase } from './child-app';
import { seedFirstStart } from '../../src/modules/onboarding';
import { SUPER_EMAIL, SUPER_PASSWORD } from './constants';

const run = async () => {
  const built = await buildApp({
    config: childConfig(process.env.DATA_DIR),
    ...childDatabase(),
    sandboxTiming: { deliveredAfterMs: 30, readAfterMs: 60 },
    leaseScanMs: 500,
    logger: false,
    campaignRunner: { staleAfterSeconds: Number(process.env.STALE_SECONDS ?? 2) },
  });
  if (process.env.NO_SEED !== '1') await seedFirstStart(built.data, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD, sandbox: true });
  await built.sessions.resumeAll();
  const url = process.env.LISTEN === '1' ? await built.app.listen({ port: 0, host: '127.0.0.1' }) : '';
  process.stdout.write(`READY ${url}\n`);
  process.on('SIGTERM', () => void built.close().finally(() => process.exit(0)));
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
