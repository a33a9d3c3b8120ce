import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findUp } from '../lib/find-up';

const drizzleDir = findUp(import.meta.url, 'drizzle');
export const APP_ROLE = 'balcao_app';
/** Tables without company_id that belong to the whole platform (no RLS): read-only for the app role. */
export const GLOBAL_TABLES = ['plans'];

/**
 * Runs the committed migrations as the owner, applies the RLS policies and makes sure the
 * non-owner application role exists with the given password and the grants it needs.
 */
export const runMigrations = async (ownerUrl: string, appPassword: string): Promise<void> => {
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
  try {
    // Two processes booting at once must not both migrate.
    await sql`select pg_advisory_lock(727001)`;
    await migrate(drizzle(sql), { migrationsFolder: drizzleDir });
    // Idempotent SQL applied after every migration run, in name order: RLS policies, functions.
    for (const file of readdirSync(join(drizzleDir, 'policies')).filter((f) => f.endsWith('.sql')).sort()) {
      await sql.unsafe(readFileSync(join(drizzleDir, 'policies', file), 'utf8'));
    }
    const [role] = await sql`select 1 from pg_roles where rolname = ${APP_ROLE}`;
    if (!role) await sql.unsafe(`create role ${APP_ROLE} login nosuperuser nobypassrls`);
    await sql.unsafe(`alter role ${APP_ROLE} with login password '${appPassword.replace(/'/g, "''")}'`);
    await sql.unsafe(`grant usage on schema public to ${APP_ROLE}`);
    await sql.unsafe(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`);
    await sql.unsafe(`grant usage, select on all sequences in schema public to ${APP_ROLE}`);
    await sql.unsafe(`grant execute on all functions in schema public to ${APP_ROLE}`);
    // Global tables are the platform's, not a tenant's: the app role reads them only. Their
    // writes go through the owner (here, or a super-user path that connects as the owner).
    await sql.unsafe(`revoke insert, update, delete, truncate on ${GLOBAL_TABLES.join(', ')} from ${APP_ROLE}`);
    // The plan new companies get by default (the first one); written once, by the owner.
    await sql`insert into plans (name, users, connections, queues, value) select 'Plano Padrão', 100, 20, 50, 0 where not exists (select 1 from plans)`;
    await sql`select pg_advisory_unlock(727001)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
};
