/**
 * The per-request session check reads each version fresh, and the checks of one company asked in
 * the same turn of the event loop share one statement (infra/auth sessionVersionFrom, issue 26).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionVersionFrom } from '../../src/infra/auth';
import type { TenantFunction } from '../../src/db/tenant';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { createCompany, type TestCompany } from '../helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
beforeAll(async () => {
  app = await createTestApp();
  [a, b] = await Promise.all([createCompany(app), createCompany(app)]);
});
afterAll(() => app.close());

/** The real data access, with every function call it makes written down. */
const recorded = () => {
  const calls: { fn: TenantFunction; companyId: number; args: unknown[] }[] = [];
  const data = {
    callTenantFunction: <T>(ctx: { companyId: number }, fn: TenantFunction, args: unknown[], events: (r: T) => never[]) => {
      calls.push({ fn, companyId: ctx.companyId, args });
      return app.data.callTenantFunction<T>(ctx, fn, args, events);
    },
  };
  return { calls, versionOf: sessionVersionFrom(data) };
};

const versionOf = async (userId: number) => (await app.owner`select session_version from users where id = ${userId}`)[0]!.session_version as number;

describe('the session check', () => {
  it('asked together for one company: one statement, each user its own version, null for a user of another company or none', async () => {
    const { calls, versionOf: check } = recorded();
    const other = await a.addUser({ profile: 'user' });
    await app.owner`update users set session_version = session_version + 3 where id = ${a.admin.id}`;
    const answers = await Promise.all([check(a.companyId, a.admin.id), check(a.companyId, other.user.id), check(a.companyId, b.admin.id), check(a.companyId, 999_999), check(b.companyId, b.admin.id)]);
    expect(answers).toEqual([await versionOf(a.admin.id), await versionOf(other.user.id), null, null, await versionOf(b.admin.id)]);
    expect(calls.map((c) => [c.fn, c.companyId])).toEqual([
      ['balcao_session_versions', a.companyId],
      ['balcao_session_version', b.companyId],
    ]);
    expect(calls[0]!.args).toEqual([[a.admin.id, other.user.id, b.admin.id, 999_999]]);
  });

  it('asked again later reads again: a version that moved on in between is seen', async () => {
    const { calls, versionOf: check } = recorded();
    const before = await check(a.companyId, a.admin.id);
    await app.owner`update users set session_version = session_version + 1 where id = ${a.admin.id}`;
    expect(await check(a.companyId, a.admin.id)).toBe(before! + 1);
    expect(calls).toHaveLength(2);
  });

  it('a company set inactive answers null for its users, in a batch as alone', async () => {
    const c = await createCompany(app);
    const { versionOf: check } = recorded();
    await app.owner`update companies set status = false where id = ${c.companyId}`;
    expect(await Promise.all([check(c.companyId, c.admin.id), check(c.companyId, c.admin.id)])).toEqual([null, null]);
    expect(await check(c.companyId, c.admin.id)).toBeNull();
  });
});
