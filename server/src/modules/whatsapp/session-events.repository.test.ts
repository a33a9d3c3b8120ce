import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createCompany, type TestCompany } from '../../../test/helpers/world';
import type { Unit } from '../../db/tenant';
import * as events from './session-events.repository';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
/** A connection of A that nothing else in the app touches (the sandbox one gets its own events). */
let whatsappId: number;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  const [row] = await app.owner`insert into whatsapps (company_id, name) values (${a.companyId}, 'timeline') returning id`;
  whatsappId = row!.id as number;
});
afterAll(() => app.close());

const asA = <T>(fn: (u: Unit) => Promise<T>) => app.data.withTenant({ companyId: a.companyId }, fn);

const t0 = Date.parse('2026-03-01T12:00:00Z');
const transitions: { status: ConnectionStatus; reason?: string; code?: number; s: number }[] = [
  { status: 'OPENING', s: 0 },
  { status: 'qrcode', s: 1 },
  { status: 'OPENING', reason: 'restart required (515)', code: 515, s: 20 },
  { status: 'CONNECTED', s: 21 },
  { status: 'TIMEOUT', reason: 'connection closed (428); retry 1 of 6', code: 428, s: 600 },
  // Same instant as the next one: insertion order breaks the tie.
  { status: 'TIMEOUT', reason: 'session replaced by another client (440); retry 1 of 6', code: 440, s: 700 },
  { status: 'TIMEOUT', reason: 'session replaced by another client (440); retry 2 of 6', code: 440, s: 700 },
  { status: 'CONNECTED', s: 710 },
];

describe('session events', () => {
  it('records transitions and lists the latest first, in order', async () => {
    await asA(async ({ tx }) => {
      for (const e of transitions) await events.insert(tx, a.companyId, { whatsappId, status: e.status, reason: e.reason, code: e.code, at: new Date(t0 + e.s * 1000) });
    });
    const all = await asA(({ tx }) => events.listLatest(tx, a.companyId, whatsappId, 100));
    expect(all.map((e) => [e.status, e.reason, e.code, (e.at.getTime() - t0) / 1000])).toEqual(
      [...transitions].reverse().map((e) => [e.status, e.reason ?? '', e.code ?? null, e.s]),
    );

    const latest = await asA(({ tx }) => events.listLatest(tx, a.companyId, whatsappId, 3));
    expect(latest.map((e) => e.reason)).toEqual(['', 'session replaced by another client (440); retry 2 of 6', 'session replaced by another client (440); retry 1 of 6']);
  });

  it('counts recent disconnects of one code', async () => {
    const count = (code: number, sinceS: number) => asA(({ tx }) => events.countCodeSince(tx, a.companyId, whatsappId, code, new Date(t0 + sinceS * 1000)));
    expect(await count(440, 650)).toBe(2);
    expect(await count(440, 701)).toBe(0);
    expect(await count(428, 0)).toBe(1);
  });

  it("never shows one company's timeline to another", async () => {
    const seen = await app.data.withTenant({ companyId: b.companyId }, ({ tx }) => events.listLatest(tx, b.companyId, whatsappId, 100));
    expect(seen).toEqual([]);
    // Even asking with A's company id from B's transaction: row-level security hides the rows.
    const forged = await app.data.withTenant({ companyId: b.companyId }, ({ tx }) => events.listLatest(tx, a.companyId, whatsappId, 100));
    expect(forged).toEqual([]);
    // And the repository filters by company itself, RLS or not.
    const system = await app.data.withSystem('test:fixtures', ({ tx }) => events.listLatest(tx, b.companyId, whatsappId, 100));
    expect(system).toEqual([]);
  });
});
