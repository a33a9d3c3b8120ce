import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { Jobs } from '../src/infra/jobs';
import { createDbClient, withCredentials } from '../src/db/client';
import { createDataAccess } from '../src/db/tenant';
import { APP_ROLE } from '../src/db/migrate';
import { EventBus } from '../src/infra/event-bus';
import { seedFirstStart } from '../src/modules/onboarding';
import { setPasswordHashCostForTests } from '../src/modules/users';
import { SUPER_EMAIL, SUPER_PASSWORD, TEMPLATE_DB, TEST_APP_PASSWORD, TEST_HASH_COST } from './helpers/constants';
import { JOB_QUEUES } from '../src/job-queues';

declare module 'vitest' {
  export interface ProvidedContext {
    pgOwnerUrl: string;
  }
}

/**
 * One throwaway PostgreSQL cluster for the whole run, with a migrated template database (and
 * pg-boss's schema) already seeded as a first start leaves it (platform company, super user,
 * Sandbox connection); each test file clones it (CREATE DATABASE … TEMPLATE), so files never
 * share rows and need no migration or seed of their own.
 */
export default async function setup(project: TestProject) {
  const dir = join(tmpdir(), `balcao-test-pg-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const pg = await startEmbeddedPostgres(dir, { port: Number(process.env.TEST_PG_PORT ?? 55432), persistent: false, throwawayData: true });
  const admin = postgres(pg.ownerUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(pg.ownerUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await runMigrations(templateUrl.toString(), TEST_APP_PASSWORD);
  const jobs = await Jobs.start(templateUrl.toString(), JOB_QUEUES);
  await jobs.stop();
  await seedTemplate(templateUrl.toString());
  project.provide('pgOwnerUrl', pg.ownerUrl);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The first start's seed, once: the super user's hash at the suite's cost (setup-hash-cost.ts). */
async function seedTemplate(ownerUrl: string) {
  setPasswordHashCostForTests(TEST_HASH_COST);
  const client = createDbClient(withCredentials(ownerUrl, { user: APP_ROLE, password: TEST_APP_PASSWORD }), { max: 1 });
  try {
    await seedFirstStart(createDataAccess(client.db, new EventBus(), client.sql), { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD, sandbox: true });
  } finally {
    await client.close();
  }
}
