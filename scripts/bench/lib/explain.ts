/**
 * EXPLAIN ANALYZE of exactly the SQL that GET /tickets runs: the list is called through the
 * product's repository on a drizzle instance whose logger records each query, then every
 * recorded query is explained as the app role, in a tenant transaction (RLS on).
 */
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { ListTicketsQuery } from '@balcao/shared';
import { createDataAccess } from '../../../server/src/db/tenant';
import { EventBus } from '../../../server/src/infra/event-bus';
import * as ticketsRepo from '../../../server/src/modules/tickets/tickets.repository';
import * as usersRepo from '../../../server/src/modules/users/users.repository';
import * as messagesRepo from '../../../server/src/modules/messages/messages.repository';

export interface Explained {
  label: string;
  sql: string;
  planningMs: number;
  executionMs: number;
  plan: string[];
}

const label = (q: string): string => {
  if (q.startsWith('select set_config')) return 'set_config';
  if (q.includes('count(*)')) return 'list: count(*)';
  if (q.startsWith('select "id" from "tickets"')) return 'list: page ids';
  if (q.includes('json_agg')) return 'loadDtos (page of DTOs)';
  if (q.includes('"user_queues"')) return 'actorFacts: user queues';
  if (q.includes('from "users"')) return 'actorFacts: user';
  return q.slice(0, 40);
};

export interface Recorded {
  label: string;
  sql: string;
  params: never[];
}

/** The queries one GET /tickets list call runs (after the transaction's set_config), in order. */
export const captureList = async (appUrl: string, companyId: number, userId: number, query: Partial<ListTicketsQuery>): Promise<Recorded[]> => {
  const client = postgres(appUrl, { max: 1, onnotice: () => undefined, types: { bigint: postgres.BigInt }, transform: { undefined: null } });
  const recorded: Recorded[] = [];
  try {
    const db = drizzle(client, { logger: { logQuery: (sql, params) => void recorded.push({ label: label(sql), sql, params: params.map((v) => (v instanceof Date ? v.toISOString() : v)) as never[] }) } });
    const data = createDataAccess(db, new EventBus(), client);
    await data.withTenant({ companyId }, async ({ tx }) => {
      const actor = await usersRepo.actorFacts(tx, companyId, userId);
      if (!actor) throw new Error(`no user ${userId}`);
      await ticketsRepo.listJson(tx, companyId, actor, { pageNumber: 1, ...query } as ListTicketsQuery);
    });
    // set_config and the list's `set local plan_cache_mode` are settings, not queries to explain.
    return recorded.filter((q) => q.label !== 'set_config' && !q.sql.startsWith('set local'));
  } finally {
    await client.end({ timeout: 5 });
  }
};

export const explainList = async (appUrl: string, companyId: number, userId: number, query: Partial<ListTicketsQuery>): Promise<Explained[]> =>
  explainRecorded(appUrl, companyId, await captureList(appUrl, companyId, userId, query));

/** The queries of the first page of GET /messages/:ticketId's history (messages.repository#history). */
export const explainHistory = async (appUrl: string, companyId: number, ticket: { id: number; contactId: number; whatsappId: number }): Promise<Explained[]> => {
  const client = postgres(appUrl, { max: 1, onnotice: () => undefined, types: { bigint: postgres.BigInt }, transform: { undefined: null } });
  const recorded: Recorded[] = [];
  try {
    const historyLabel = (q: string) =>
      q.startsWith('select set_config') ? 'set_config' : q.includes('cross join lateral') ? 'history: page and count' : q.includes('count(*)') ? 'history: count(*)' : 'history: quoted';
    const db = drizzle(client, { logger: { logQuery: (sql, params) => void recorded.push({ label: historyLabel(sql), sql, params: params.map((v) => (v instanceof Date ? v.toISOString() : v)) as never[] }) } });
    const data = createDataAccess(db, new EventBus(), client);
    await data.withTenant({ companyId }, ({ tx }) => messagesRepo.history(tx, companyId, ticket.id, 1));
  } finally {
    await client.end({ timeout: 5 });
  }
  return explainRecorded(appUrl, companyId, recorded.filter((q) => q.label !== 'set_config'));
};

const explainRecorded = async (appUrl: string, companyId: number, recorded: Recorded[]): Promise<Explained[]> => {
  const client = postgres(appUrl, { max: 1, onnotice: () => undefined });
  try {
    const out: Explained[] = [];
    for (const r of recorded) {
      // Best of three: one run on a busy 2-core machine can be preempted mid-query.
      let best: Explained | undefined;
      for (let i = 0; i < 3; i += 1) {
        const plan = await client.begin(async (sql) => {
          await sql`select set_config('app.company_id', ${String(companyId)}, true)`;
          return sql.unsafe<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${r.sql}`, r.params);
        });
        const lines = plan.map((p) => p['QUERY PLAN']);
        const num = (re: RegExp) => Number(lines.find((l) => re.test(l))?.match(/([\d.]+) ms/)?.[1] ?? NaN);
        const e = { label: r.label, sql: r.sql, planningMs: num(/^Planning Time/), executionMs: num(/^Execution Time/), plan: lines };
        if (!best || e.planningMs + e.executionMs < best.planningMs + best.executionMs) best = e;
      }
      out.push(best!);
    }
    return out;
  } finally {
    await client.end({ timeout: 5 });
  }
};
