import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
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
  /** An overdue company's admin: only billing routes answer (decision 0280). */
  billingOnly?: true;
}

/** The context of work the system does for a company (inbound messages, jobs). */
export const systemCtx = (companyId: number): Ctx => ({ companyId, userId: 0, profile: 'admin', super: false });

export interface Unit {
  tx: Tx;
  stage(event: DomainEvent): void;
}

export interface DataAccess {
  db: Db;
  /**
   * One call of a tenant SQL function (allow-listed) in autocommit: one prepared statement, one
   * round trip. The function sets app.company_id itself from its first argument, which is
   * `ctx.companyId`, so RLS applies as under withTenant. For the hottest paths only.
   */
  callTenantFunction<T>(ctx: Pick<Ctx, 'companyId'>, fn: TenantFunction, args: unknown[], events: (result: T) => DomainEvent[]): Promise<T>;
  withTenant<T>(ctx: Pick<Ctx, 'companyId'>, fn: (unit: Unit) => Promise<T>): Promise<T>;
  withSystem<T>(reason: SystemReason, fn: (unit: Unit) => Promise<T>): Promise<T>;
}

/**
 * Every reason the system may work across companies (RLS off). `companies:setup`: an admin writes
 * their own company's timezone or hours (companies rows are writable by the system only). A new cross-company need is a new
 * member here, reviewed like any other API change; each use is logged at debug level.
 */
export const systemReasons = ['auth:login', 'auth:refresh', 'boot:seed', 'boot:resume-sessions', 'whatsapp:cloud-webhook', 'companies:super', 'companies:setup', 'settings:public', 'plans:public', 'test:fixtures', 'users:presence', 'timers:sweep', 'schedules:sweep', 'campaigns:sweep', 'companies:signup', 'auth:reset', 'api:token', 'billing:invoices', 'billing:webhook', 'announcements:platform', 'helps:platform', 'companies:delete', 'webhooks:prune', 'tickets:counts', 'ops:metrics', 'assignment:sweep', 'contacts:backfill', 'sla:sweep'] as const;
export type SystemReason = (typeof systemReasons)[number];

/** Where withSystem reports its uses: pino's `debug(obj, msg)` fits. */
export interface SystemAccessLog {
  debug(obj: { reason: SystemReason }, msg: string): void;
}

/** Quiet unless LOG_LEVEL=debug, so tests and normal runs stay silent. */
const consoleDebugLog: SystemAccessLog = {
  debug: (obj, msg) => {
    if (process.env.LOG_LEVEL === 'debug') console.debug(msg, obj);
  },
};

export type TenantFunction = 'balcao_ingest' | 'balcao_ingest_many' | 'balcao_ingest_many_as' | 'balcao_session_version' | 'balcao_session_versions';
const tenantFunctions: Record<TenantFunction, number> = { balcao_ingest: 16, balcao_ingest_many: 2, balcao_ingest_many_as: 2, balcao_session_version: 2, balcao_session_versions: 2 };

/**
 * The postgres.js transaction under drizzle's (drizzle keeps it as `tx.session.client`), or
 * undefined should a drizzle release move it: the unit then waits for its setting's answer.
 */
export const transactionClient = (tx: Tx): postgres.Sql | undefined => {
  const client = (tx as unknown as { session?: { client?: postgres.Sql } }).session?.client;
  return typeof client?.unsafe === 'function' ? client : undefined;
};

export const createDataAccess = (db: Db, bus: EventBus, driver: postgres.Sql, log: SystemAccessLog = consoleDebugLog): DataAccess => {
  const run = async <T>(setting: 'app.company_id' | 'app.system', value: string, fn: (unit: Unit) => Promise<T>) => {
    const staged: DomainEvent[] = [];
    const result = await db.transaction(async (tx) => {
      const raw = transactionClient(tx);
      if (!raw) {
        await tx.execute(sql`select set_config(${setting}, ${value}, true)`);
        return fn({ tx, stage: (e) => staged.push(e) });
      }
      // The setting is sent without waiting for its answer, and the unit's statements follow it
      // on the connection: one round trip less per unit (issue 26). Row-level security reads the
      // setting, so it must go first: postgres.js hands each statement to the connection one
      // promise step after it is started, in the order started, and this one is started before
      // the unit runs (a drizzle call takes at least one step more to start its statement).
      const set = raw.unsafe('select set_config($1, $2, true)', [setting, value]).execute();
      const [, out] = await Promise.all([set, fn({ tx, stage: (e) => staged.push(e) })]);
      return out;
    });
    for (const event of staged) bus.publish(event);
    return result;
  };
  return {
    db,
    async callTenantFunction<T>(ctx: Pick<Ctx, 'companyId'>, fn: TenantFunction, args: unknown[], events: (result: T) => DomainEvent[]): Promise<T> {
      const placeholders = Array.from({ length: tenantFunctions[fn] }, (_, i) => `$${i + 1}`).join(', ');
      if (args.length !== tenantFunctions[fn] - 1) throw new Error(`${fn}: expected ${tenantFunctions[fn] - 1} arguments`);
      const [row] = await driver.unsafe(`select ${fn}(${placeholders}) as r`, [ctx.companyId, ...args] as never[], { prepare: true });
      const result = (row as unknown as { r: T }).r;
      for (const event of events(result)) bus.publish(event);
      return result;
    },
    withTenant: (ctx, fn) => run('app.company_id', String(ctx.companyId), fn),
    withSystem: async (reason, fn) => {
      // Cross-company access is allow-listed (the type, and here for untyped callers) so every caller is a deliberate one.
      if (!(systemReasons as readonly string[]).includes(reason)) throw new Error(`withSystem: reason not allowed: ${reason}`);
      log.debug({ reason }, 'withSystem');
      return run('app.system', 'on', fn);
    },
  };
};
