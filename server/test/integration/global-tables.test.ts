import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/build-app';

// The application role reads the platform's global tables but can never write them, whatever
// a service or a bug asks: the grant is not there.

const INSUFFICIENT_PRIVILEGE = '42501';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: postgres.Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  app = postgres(db.appUrl, { max: 1, onnotice: () => undefined });
});
afterAll(async () => {
  await app.end();
  await db.drop();
});

const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code);

describe('global tables as the app role', () => {
  it('reads plans (the default plan comes from the migration)', async () => {
    const rows = await app`select name from plans order by id`;
    expect(rows.map((r) => r.name)).toEqual(['Plano Padrão']);
  });

  it('cannot insert, update or delete plans', async () => {
    expect(await code(app`insert into plans (name) values ('Grátis para sempre')`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await code(app`update plans set users = 100000`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await code(app`delete from plans`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('cannot write plans through the plan functions outside withSystem (decision 0130)', async () => {
    const plan = JSON.stringify({ name: 'Pirata', users: 1, connections: 1, queues: 1, value: 0 });
    expect(await code(app`select balcao_plan_save(null, ${plan}::text::jsonb)`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await code(app.begin(async (tx) => {
      await tx`select set_config('app.company_id', '1', true)`;
      await tx`select balcao_plan_delete(1)`;
    }))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await code(app`select balcao_plan_save(1, ${plan}::text::jsonb)`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect((await app`select name from plans order by id`).map((r) => r.name)).toEqual(['Plano Padrão']);
  });

  it('writes plans through them under app.system, as the owner would', async () => {
    const plan = JSON.stringify({ name: 'Do dono', users: 2, connections: 1, queues: 1, value: 5, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: false, useOpenAi: true, useIntegrations: true, useInternal: true });
    const [row] = await app.begin(async (tx) => {
      await tx`select set_config('app.system', 'on', true)`;
      return tx`select id from balcao_plan_save(null, ${plan}::text::jsonb)`;
    });
    expect((await app`select name, use_kanban from plans where id = ${row!.id}`)[0]).toEqual({ name: 'Do dono', use_kanban: false });
    await app.begin(async (tx) => {
      await tx`select set_config('app.system', 'on', true)`;
      await tx`select balcao_plan_delete(${row!.id})`;
    });
    expect(await app`select id from plans where id = ${row!.id}`).toEqual([]);
  });
});
