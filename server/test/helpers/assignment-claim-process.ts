/**
 * A second server process for the assignment race (issue 30's concurrency acceptance), run as a
 * child (`node --import tsx`) on the test's database. Env: OWNER_URL, APP_URL. Prints `READY`, then
 * answers each stdin line `flow <companyId>` by running two claims at once in this process and
 * printing `FLOWED <tickets assigned here>` once its events are handled. Nothing else on stdout.
 */
import { createInterface } from 'node:readline';
import { buildApp } from '../../src/app';
import { childConfig, childDatabase } from './child-app';
import { createAssignmentService } from '../../src/modules/assignment';

const run = async () => {
  const built = await buildApp({
    config: childConfig(),
    ...childDatabase(),
    logger: false,
  });
  const assignment = createAssignmentService({ data: built.data, jobs: built.jobs, clock: { now: () => new Date() } });
  process.stdout.write('READY\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const [cmd, companyId] = line.trim().split(' ');
    if (cmd !== 'flow') continue;
    const flows = await Promise.all([assignment.flow(Number(companyId)), assignment.flow(Number(companyId))]);
    await built.bus.idle();
    process.stdout.write(`FLOWED ${flows[0] + flows[1]}\n`);
  }
  // The test closed stdin: leave the database cleanly before it is dropped.
  await built.close();
};

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
