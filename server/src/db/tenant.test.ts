import { describe, expect, it } from 'vitest';
import { createDataAccess, systemReasons, type SystemReason } from './tenant';
import { EventBus } from '../infra/event-bus';
import type { Db } from './client';
import type postgres from 'postgres';

// A stand-in for drizzle's transaction: the unit's body runs, its set_config is ignored.
const fakeDb = () => ({ transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn({ execute: async () => undefined }) }) as unknown as Db;

describe('withSystem', () => {
  it('logs every use with its reason', async () => {
    const logged: SystemReason[] = [];
    const data = createDataAccess(fakeDb(), new EventBus(), {} as postgres.Sql, { debug: ({ reason }) => logged.push(reason) });
    await data.withSystem('auth:login', async () => 1);
    await data.withSystem('boot:seed', async () => 2);
    expect(logged).toEqual(['auth:login', 'boot:seed']);
  });

  it('refuses a reason outside the union (an untyped caller)', async () => {
    const data = createDataAccess(fakeDb(), new EventBus(), {} as postgres.Sql, { debug: () => undefined });
    await expect(data.withSystem('jobs:send-message' as SystemReason, async () => 1)).rejects.toThrow(/reason not allowed/);
  });

  it('has no reason nobody uses', () => {
    // The dead ones (sandbox:route, jobs:send-message, realtime:handshake) were removed.
    expect([...systemReasons].sort()).toEqual(['announcements:platform', 'api:token', 'assignment:sweep', 'auth:login', 'auth:refresh', 'auth:reset', 'billing:invoices', 'billing:webhook', 'boot:resume-sessions', 'boot:seed', 'campaigns:sweep', 'companies:delete', 'companies:setup', 'companies:signup', 'companies:super', 'contacts:backfill', 'helps:platform', 'ops:metrics', 'plans:public', 'schedules:sweep', 'settings:public', 'sla:sweep', 'test:fixtures', 'tickets:counts', 'timers:sweep', 'users:presence', 'webhooks:prune', 'whatsapp:cloud-webhook']);
  });
});
