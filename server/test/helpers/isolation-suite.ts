import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { privateRouteKeys, send } from './routes';
import { tamperToken } from './sockets';
import { createIsolationWorld, get, status } from './isolation-world';
import { dealShards, isolationCaseFiles, runnerFiles, sharedKeys, unionKeys } from './route-cases';

/** How many runner files (server/test/integration/tenant-isolation.<n>.test.ts) share the rows. */
export const ISOLATION_SHARDS = 3;

/**
 * One shard of the tenant isolation suite: its own app and companies A and B, the rows of its
 * share of the modules, then the checks that must come after cross-tenant calls (a forged token,
 * the row-level security backstop, no row of one company pointing at another's). Shard 1 also
 * checks the table is complete. The world is built before the tests are collected (top-level
 * await in the runner): the rows are closures over it and their titles are needed to collect.
 */
export const isolationSuite = async (shard: number) => {
  if (!(shard >= 1 && shard <= ISOLATION_SHARDS)) throw new Error(`shard ${shard} of ${ISOLATION_SHARDS}?`);
  const w = await createIsolationWorld();
  const { app, A, B } = w;
  afterAll(() => app.close());
  const files = isolationCaseFiles().map((f) => {
    const rows = f.cases(w);
    return { ...f, rows, keys: Object.keys(rows) };
  });
  const dealt = dealShards(Object.fromEntries(files.map((f) => [f.module, Object.values(f.rows).flat().length])), ISOLATION_SHARDS);

  describe('tenant isolation: company B calls every route with company A ids', () => {
    if (shard === 1) {
      it('has a row for every route the app serves, and no row for a route it does not', () => {
        const keys = unionKeys(files);
        const served = privateRouteKeys(app);
        // Named first, so a missing case file's routes are spelled out.
        expect({ missing: served.filter((k) => !keys.includes(k)), unserved: keys.filter((k) => !served.includes(k)) }).toEqual({ missing: [], unserved: [] });
        expect(keys).toEqual(served);
      });
      it('has one case file owning each route', () => expect(sharedKeys(files)).toEqual([]));
      it('has a runner file for every shard', () =>
        expect(runnerFiles.isolation.sort()).toEqual(Array.from({ length: ISOLATION_SHARDS }, (_, i) => `tenant-isolation.${i + 1}.test.ts`)));
    }

    for (const f of files.filter((x) => dealt[x.module] === shard)) {
      describe(f.path, () => {
        for (const [route, cases] of Object.entries(f.rows)) {
          for (const c of cases) {
            it(`${route} — ${c.name}`, async () => {
              await c.expect(await send(app, B.c.adminToken, await c.req()));
            });
          }
        }
      });
    }

    it("refuses B's token edited to claim company A", async () => {
      const forged = tamperToken(B.c.adminToken, (claims) => ({ ...claims, companyId: A.c.companyId }));
      const r = await send(app, forged, get(`/tickets/${A.ticket.id}`));
      expect(status(r)).toEqual({ status: 403, error: 'ERR_INVALID_TOKEN' });
    });
  });

  describe('row-level security backstop (the application role, bypassing the repositories)', () => {
    const asB = async <T>(fn: (sql: postgres.TransactionSql) => Promise<T>): Promise<T> => {
      const sql = postgres(app.appUrl, { max: 1, onnotice: () => undefined });
      try {
        return (await sql.begin(async (tx) => {
          await tx`select set_config('app.company_id', ${String(B.c.companyId)}, true)`;
          return fn(tx);
        })) as T;
      } finally {
        await sql.end();
      }
    };

    it("hides A's rows even when the query asks for them by company", async () => {
      const counts = await asB(async (tx) => {
        const [a] = await tx`select count(*)::int as n from tickets where company_id = ${A.c.companyId}`;
        const [b] = await tx`select count(*)::int as n from tickets where company_id = ${B.c.companyId}`;
        return { a: a!.n, b: b!.n };
      });
      expect(counts.a).toBe(0);
      expect(counts.b).toBeGreaterThan(0);
    });

    it('refuses to write a row into company A', async () => {
      // Outside uniquePhone's 55119… range: with a process id ending in 000 it makes 5511900000001 too.
      const number = '5548700000001';
      await expect(asB((tx) => tx`insert into contacts (company_id, name, number) values (${A.c.companyId}, 'Plantado', ${number})`)).rejects.toThrow(/row-level security/);
      // The same insert for B's own company is accepted: the refusal above is the policy's.
      await expect(asB((tx) => tx`insert into contacts (company_id, name, number) values (${B.c.companyId}, 'Próprio', ${number}) returning id`)).resolves.toHaveLength(1);
    });
  });

  describe('after every cross-tenant call above', () => {
    it("no row of one company references a row of another (foreign keys and loose id columns)", async () => {
      const fks = await app.owner`
        select c.conrelid::regclass::text as child, a.attname as col, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey) and a.attname <> 'company_id'
        where c.contype = 'f'
          and exists (select 1 from pg_attribute x where x.attrelid = c.conrelid and x.attname = 'company_id')
          and exists (select 1 from pg_attribute y where y.attrelid = c.confrelid and y.attname = 'company_id')`;
      const pairs = [...fks.map((f) => [f.child, f.col, f.parent] as string[]), ['users', 'whatsapp_id', 'whatsapps'], ['messages', 'quoted_msg_id', 'messages']];
      expect(pairs.map((p) => `${p[0]}.${p[1]}`)).toEqual(expect.arrayContaining(['tickets.user_id', 'tickets.queue_id', 'whatsapps.transfer_queue_id']));
      const crossing: string[] = [];
      for (const [child, col, parent] of pairs) {
        const [row] = await app.owner.unsafe(`select count(*)::int as n from "${child}" x join "${parent}" p on p.id = x."${col}" where x.company_id <> p.company_id`);
        if (row!.n > 0) crossing.push(`${child}.${col} → ${parent}: ${row!.n}`);
      }
      expect(crossing).toEqual([]);
    });
  });
};
