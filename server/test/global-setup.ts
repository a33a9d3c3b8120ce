import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { Jobs } from '../src/infra/jobs';
import { TEMPLATE_DB, TEST_APP_PASSWORD } from './helpers/constants';

declare module 'vitest' {
  export interface ProvidedContext {
    pgOwnerUrl: string;
  }
}

/**
 * One throwaway PostgreSQL cluster for the whole run, with a migrated template database (and
 * pg-boss's schema); each test file clones it (CREATE DATABASE … TEMPLATE), so files never
 * share rows and need no migration of their own.
 */
export default async function setup(project: TestProject) {
  const dir = join(tmpdir(), `balcao-test-pg-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const pg = await startEmbeddedPostgres(dir, { port: 55432, persistent: false, throwawayData: true });
  const admin = postgres(pg.ownerUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(pg.ownerUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await runMigrations(templateUrl.toString(), TEST_APP_PASSWORD);
  const jobs = await Jobs.start(templateUrl.toString());
  await jobs.stop();
  project.provide('pgOwnerUrl', pg.ownerUrl);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
