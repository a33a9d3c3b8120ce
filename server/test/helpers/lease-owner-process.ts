/**
 * A whole server process for the lease tests, run as a child (`node --import tsx`) so that a test
 * can `kill -9` it. Env: OWNER_URL, APP_URL. Prints `READY <owned ids as JSON>`, then answers
 * stdin lines `receive <whatsappId> <companyId> <messageId>` (a simulated customer message through
 * this process's sandbox channel) with `RECEIVED <messageId>` or `NO-CHANNEL <whatsappId>`.
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../../src/app';
import { seedFirstStart } from '../../src/modules/onboarding';
import { SUPER_EMAIL, SUPER_PASSWORD } from './constants';

const run = async () => {
  const built = await buildApp({
    config: {
      port: 0,
      host: '127.0.0.1',
      production: false,
      allowPrivateHosts: true,
      dataDir: resolve('.test-data'),
      appDbPassword: 'unused',
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      sandboxEnabled: true,
      realtimeAdapter: 'none',
      webDir: resolve('desktop/dist-none'),
      version: '0.0.0-test',
    },
    ownerUrl: process.env.OWNER_URL!,
    appUrl: process.env.APP_URL!,
    sandboxTiming: { deliveredAfterMs: 30, readAfterMs: 60 },
    leaseScanMs: 60_000,
    // stdout is this process's protocol with the test: no log lines in it.
    logger: false,
  });
  await seedFirstStart(built.data, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD, sandbox: true });
  await built.sessions.resumeAll();
  process.stdout.write(`READY ${JSON.stringify(built.sessions.owned())}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    const [cmd, whatsappId, companyId, id] = line.trim().split(' ');
    if (cmd !== 'receive') continue;
    const channel = built.sessions.sandbox(Number(whatsappId), Number(companyId));
    if (!channel) {
      process.stdout.write(`NO-CHANNEL ${whatsappId}\n`);
      continue;
    }
    await channel.receive({ from: '5561981239999', body: 'antes do kill', id });
    process.stdout.write(`RECEIVED ${id}\n`);
  }
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
