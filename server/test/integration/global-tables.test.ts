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
});
