/**
 * postgres.js 3.4.9 can write a buffered statement to a socket its connection has already closed
 * and throw from a setImmediate, where no caller can catch it (an unhandled TypeError in ci-53;
 * upstream porsager/postgres#1154, #1208). patches/postgres+3.4.9.patch (decision 0484) settles
 * the statements with CONNECTION_CLOSED instead. The race is not reproduced on demand here: the
 * first test holds what the patch must keep (a killed backend's statements reject, catchably), the
 * second that the installed driver carries the patch (npm install runs patch-package).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createTestDatabase } from '../helpers/build-app';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('postgres.js on a connection whose socket is gone', () => {
  it('statements on a reserved connection after its backend died reject (catchable), nothing is thrown outside them', async () => {
    const sql = postgres(db.ownerUrl, { max: 2, onnotice: () => undefined });
    const killer = postgres(db.ownerUrl, { max: 1, onnotice: () => undefined });
    try {
      const reserved = await sql.reserve();
      // Never released: a dead reserved connection handed back to the pool is still the driver's
      // problem (decision 0484).
      const [backend] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await killer`select pg_terminate_backend(${backend!.pid})`;
      // Small statements in one turn are buffered behind a setImmediate; some reach the closed
      // socket's nextWrite. Each rejects with the driver's connection error; an error thrown
      // outside them would fail this file (npm test counts vitest's unhandled errors).
      const outcomes = await Promise.allSettled([reserved`select 1`, reserved`select 2`]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
      for (const o of outcomes) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: expect.stringMatching(/^(ECONNRESET|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED|57P01)$/) });
    } finally {
      await Promise.all([sql.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
    }
  });

  it('the installed driver carries the patch (npm install runs patch-package)', () => {
    const file = createRequire(import.meta.url).resolve('postgres').replace(/cjs[\\/]src[\\/]index\.js$|src[\\/]index\.js$/, 'src/connection.js');
    expect(readFileSync(file, 'utf8')).toContain("if (socket === null) {");
  });
});
