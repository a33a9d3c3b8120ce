/**
 * A whole server process for the lease tests, run as a child (`node --import tsx`) so that a test
 * can `kill -9` it. Env: OWNER_URL, APP_URL. Prints `READY <owned ids as JSON>`, then answers
 * stdin lines `receive <whatsappId> <companyId> <messageId>` (a simulated customer message through
 * this process's sandbox channel) with `RECEIVED <messageId>` or `NO-CHANNEL <whatsappId>`.
 */
import { createInterface } from 'node:readline';
import { buildApp } from '../../src/app';
import { childConfig, childDatabase } from './child-app';
import { seedFirstStart } from '../../src/modules/onboarding';
import { SUPER_EMAIL, SUPER_PASSWORD } from './constants';

const run = async () => {
  const built = await buildApp({
    config: childConfig(),
    ...childDatabase(),
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
