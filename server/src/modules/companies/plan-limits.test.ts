import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';

// server-behaviour §1: limits are checked in the inserting transaction, so a burst of creations
// at the limit never ends above it (each waits for the company's row lock, then counts).

const N = 12;
let app: TestApp;
let c: TestCompany;
let planId: number;
let su: ReturnType<typeof api>;

const limits = (users: number, connections: number, queues: number) => ({ name: 'Limitado', users, connections, queues, value: 10 });

beforeAll(async () => {
  app = await createTestApp();
  su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
  c = await createCompany(app);
  planId = (await su.post<PlanDto>('/plans', limits(100, 100, 100))).body.id;
  await app.owner`update companies set plan_id = ${planId} where id = ${c.companyId}`;
});
afterAll(() => app.close());

const countOf = async (table: 'users' | 'whatsapps' | 'queues') =>
  (await app.owner`select count(*)::int as n from ${app.owner(table)} where company_id = ${c.companyId}`)[0]!.n as number;

/** N calls at once; the answers' statuses and error codes. */
const burst = async (call: (i: number) => Promise<{ status: number; body: unknown }>) => {
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => call(i)));
  return { ok: answers.filter((a) => a.status === 200).length, refused: answers.filter((a) => (a.body as { error?: string }).error?.startsWith('ERR_PLAN_LIMIT_')).map((a) => (a.body as { error: string }).error) };
};

describe('plan limits under concurrent creations', { timeout: 60_000 }, () => {
  it(`${N} users at once with room for 2: exactly 2 created, the rest ERR_PLAN_LIMIT_USERS`, async () => {
    const before = await countOf('users');
    await su.put(`/plans/${planId}`, limits(before + 2, 100, 100));
    const admin = api(app, c.adminToken);
    const r = await burst((i) => admin.post('/users', { name: `Agente ${i}`, email: `rajada${i}@example.com`, password: 'Secret123', profile: 'user' }));
    expect(r.ok).toBe(2);
    expect(r.refused).toEqual(Array(N - 2).fill('ERR_PLAN_LIMIT_USERS'));
    expect(await countOf('users')).toBe(before + 2);
  });

  it(`${N} connections at once with room for 2: exactly 2 created, the rest ERR_PLAN_LIMIT_CONNECTIONS`, async () => {
    const before = await countOf('whatsapps');
    await su.put(`/plans/${planId}`, limits(100, before + 2, 100));
    const admin = api(app, c.adminToken);
    const r = await burst((i) => admin.post('/whatsapp', { name: `Conexão ${i}`, provider: 'baileys' }));
    expect(r.ok).toBe(2);
    expect(r.refused).toEqual(Array(N - 2).fill('ERR_PLAN_LIMIT_CONNECTIONS'));
    expect(await countOf('whatsapps')).toBe(before + 2);
  });

  it(`${N} queues at once with room for 2: exactly 2 created, the rest ERR_PLAN_LIMIT_QUEUES`, async () => {
    const before = await countOf('queues');
    await su.put(`/plans/${planId}`, limits(100, 100, before + 2));
    const admin = api(app, c.adminToken);
    const r = await burst((i) => admin.post('/queue', { name: `Fila ${i}`, color: `#00${String(10 + i).padStart(2, '0')}aa` }));
    expect(r.ok).toBe(2);
    expect(r.refused).toEqual(Array(N - 2).fill('ERR_PLAN_LIMIT_QUEUES'));
    expect(await countOf('queues')).toBe(before + 2);
  });
});
