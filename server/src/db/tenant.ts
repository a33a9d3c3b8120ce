import { sql } from 'drizzle-orm';
import type { DomainEvent, Profile } from '@balcao/shared';
import type { Db, Tx } from './client';
import type { EventBus } from '../infra/event-bus';

/** Who is acting, derived once from the verified JWT (infra/tenant) and passed explicitly. */
export interface Ctx {
  companyId: number;
  userId: number;
  profile: Profile;
  super: boolean;
  requestId?: string;
}

/** The context of work the system does for a company (inbound messages, jobs). */
export const systemCtx = (companyId: number): Ctx => ({ companyId, userId: 0, profile: 'admin', super: false });

export interface Unit {
  tx: Tx;
  stage(event: DomainEvent): void;
}

export interface DataAccess {
  db: Db;
  withTenant<T>(ctx: Pick<Ctx, 'companyId'>, fn: (unit: Unit) => Promise<T>): Promise<T>;
  withSystem<T>(reason: string, fn: (unit: Unit) => Promise<T>): Promise<T>;
}

const systemReasons = new Set([
  'auth:login',
  'auth:refresh',
  'boot:seed',
  'boot:resume-sessions',
  'companies:super',
  'sandbox:route',
  'jobs:send-message',
  'realtime:handshake',
  'test:fixtures',
]);

export const createDataAccess = (db: Db, bus: EventBus): DataAccess => {
  const run = async <T>(setting: 'app.company_id' | 'app.system', value: string, fn: (unit: Unit) => Promise<T>) => {
    const staged: DomainEvent[] = [];
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config(${setting}, ${value}, true)`);
      return fn({ tx, stage: (e) => staged.push(e) });
    });
    for (const event of staged) bus.publish(event);
    return result;
  };
  return {
    db,
    withTenant: (ctx, fn) => run('app.company_id', String(ctx.companyId), fn),
    withSystem: (reason, fn) => {
      // Cross-company access is allow-listed so that every caller is a deliberate one.
      if (!systemReasons.has(reason)) throw new Error(`withSystem: reason not allowed: ${reason}`);
      return run('app.system', 'on', fn);
    },
  };
};
