import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, type DbClient } from '../../src/db/client';
import { createDataAccess, transactionClient, type DataAccess } from '../../src/db/tenant';
import { plans } from '../../src/modules/companies/companies.table';
import { EventBus } from '../../src/infra/event-bus';
import { createTestDatabase } from '../helpers/build-app';

// A unit of work sends its tenant setting without waiting for the answer; the unit's first
// statement follows it on the same connection (one round trip less per transaction, issue 26).
// Row-level security reads that setting, so the first statement must never overtake it, whatever
// drizzle call it is: a raw statement, a select builder (read through .values()), an insert.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let client: DbClient;
let data: DataAccess;
const setting = sql<string>`current_setting('app.company_id', true)`;

beforeAll(async () => {
  db = await createTestDatabase();
  const owner = postgres(db.ownerUrl, { max: 1, onnotice: () => undefined });
  if ((await owner`select 1 from plans limit 1`).length === 0) await owner`insert into plans (name) values ('setting-first')`;
  await owner.end();
  client = createDbClient(db.appUrl, { max: 4 });
  data = createDataAccess(client.db, new EventBus(), client.sql);
});
afterAll(async () => {
  await client.close();
  await db.drop();
});

describe('the tenant setting reaches the database before the unit’s first statement', () => {
  it('is sent on the driver’s own transaction (drizzle still keeps it where we look)', async () => {
    await client.db.transaction(async (tx) => {
      expect(typeof transactionClient(tx)?.unsafe).toBe('function');
    });
  });

  it('a raw statement first', async () => {
    const rows = await data.withTenant({ companyId: 4101 }, ({ tx }) => tx.execute<{ c: string }>(sql`select ${setting} as c`));
    expect(rows[0]?.c).toBe('4101');
  });

  it('a statement started at once, without an await', async () => {
    const rows = await data.withTenant({ companyId: 4105 }, ({ tx }) => tx.execute<{ c: string }>(sql`select ${setting} as c`).then((r) => r));
    expect(rows[0]?.c).toBe('4105');
  });

  it('a select builder first', async () => {
    const rows = await data.withTenant({ companyId: 4102 }, ({ tx }) => tx.select({ c: setting }).from(plans).limit(1));
    expect(rows).toEqual([{ c: '4102' }]);
  });

  it('a system unit: app.system is on for its first statement', async () => {
    const rows = await data.withSystem('test:fixtures', ({ tx }) => tx.execute<{ s: string }>(sql`select current_setting('app.system', true) as s`));
    expect(rows[0]?.s).toBe('on');
  });

  it('many units at once, each its own company', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => 4200 + i);
    const seen = await Promise.all(ids.map((companyId) => data.withTenant({ companyId }, async ({ tx }) => (await tx.execute<{ c: string }>(sql`select ${setting} as c`))[0]?.c)));
    expect(seen).toEqual(ids.map(String));
  });

  it('a failing first statement rolls the unit back and reports its own error', async () => {
    // drizzle wraps the driver's error ("Failed query: …") with PostgreSQL's as its cause.
    await expect(data.withTenant({ companyId: 4103 }, ({ tx }) => tx.execute(sql`select 1/0`))).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    // The connection is usable again afterwards.
    const rows = await data.withTenant({ companyId: 4104 }, ({ tx }) => tx.execute<{ c: string }>(sql`select ${setting} as c`));
    expect(rows[0]?.c).toBe('4104');
  });
});
