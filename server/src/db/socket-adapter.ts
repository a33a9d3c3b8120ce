import pg from 'pg';
import { createAdapter } from '@socket.io/postgres-adapter';

/**
 * socket.io's PostgreSQL adapter (LISTEN/NOTIFY) so several server processes share events.
 * It keeps its own small pool, on the owner role: it creates its attachments table.
 */
export const createPgAdapter = async (ownerUrl: string) => {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 3 });
  await pool.query(
    'create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)',
  );
  return { adapter: createAdapter(pool, { tableName: 'socket_io_attachments', heartbeatInterval: 5_000 }), close: () => pool.end() };
};
