/**
 * The floor for the inbound pipeline: the same unit of work on the same (migrated) tables, as
 * lean as PostgreSQL allows — one prepared statement per message, autocommit (one round trip,
 * one commit), postgres.js, no ORM, no transaction wrapper, no DTO reload, no events.
 *
 *   skip a redelivery → upsert the contact (rename only when the push name changed and the
 *   name was not edited) → find-or-create the live ticket and bump it (unread + 1,
 *   last_message, updated_at) in one ON CONFLICT on the partial unique index → insert the
 *   message idempotently.
 *
 * It connects as the application role with app.company_id fixed for the session, so row-level
 * security is checked exactly as for the pipeline (the `owner` variant skips RLS: superuser).
 */
import postgres from 'postgres';

export interface RawMessage {
  from: string;
  name: string;
  body: string;
  id: string;
}

export interface RawIngest {
  ingest(m: RawMessage): Promise<{ outcome: 'stored' | 'duplicate'; ticketId?: number }>;
  close(): Promise<void>;
}

const STATEMENT = `
with dup as (
  select 1 from messages where whatsapp_id = $2 and wa_message_id = $5
), c_up as (
  insert into contacts (company_id, name, number, is_group)
  select $1, $4, $3, false where not exists (select 1 from dup)
  on conflict (company_id, number) do update set name = excluded.name, updated_at = now()
    where not contacts.name_edited and excluded.name <> excluded.number and contacts.name is distinct from excluded.name
  returning id
), c as (
  select id from c_up
  union all
  select id from contacts
  where company_id = $1 and number = $3 and not exists (select 1 from c_up) and not exists (select 1 from dup)
), t as (
  insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, is_group, last_message, unread_messages, queued_at)
  select $1, c.id, $2, 'pending', $7::int, false, $6, 1, now() from c
  on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do update
    set last_message = excluded.last_message, unread_messages = tickets.unread_messages + 1, updated_at = now()
  returning id
), m as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, ack, created_at)
  select $1, t.id, c.id, $2, $5, $6, false, 0, $8::timestamptz from t, c
  on conflict (whatsapp_id, wa_message_id) do nothing
  returning id
)
select exists (select 1 from dup) as duplicate, (select id from t) as ticket_id, (select id from m) as message_id`;

type Row = { duplicate: boolean; ticket_id: number | null; message_id: number | null };

export const createRawIngest = (
  url: string,
  facts: { companyId: number; whatsappId: number; queueId: number | null },
  opts: { max?: number; tenantSession?: boolean; prepare?: boolean } = {},
): RawIngest => {
  const sql = postgres(url, {
    max: opts.max ?? 8,
    onnotice: () => undefined,
    // The tenant of every statement on these connections (the bench feeds one company).
    ...(opts.tenantSession !== false ? { connection: { 'app.company_id': String(facts.companyId) } } : {}),
  });
  const run = (m: RawMessage) =>
    sql.unsafe<Row[]>(STATEMENT, [facts.companyId, facts.whatsappId, m.from, m.name || m.from, m.id, m.body, facts.queueId, new Date().toISOString()], { prepare: opts.prepare !== false });
  return {
    async ingest(m) {
      // A contact created by a concurrent statement after this one's snapshot comes back as no
      // row at all: run again (it is committed by then), as the pipeline does.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const [row] = await run(m);
        if (row!.duplicate) return { outcome: 'duplicate' };
        if (row!.message_id != null) return { outcome: 'stored', ticketId: row!.ticket_id! };
        // Two deliveries of one id in flight at once: the loser bumped the ticket (autocommit
        // cannot undo that, the pipeline rolls back). The benches never redeliver.
        if (row!.ticket_id != null) return { outcome: 'duplicate' };
      }
      throw new Error(`raw ingest: no contact after 5 attempts (${m.id})`);
    },
    close: () => sql.end({ timeout: 5 }),
  };
};

/** The company, plan and connection the raw run writes to, made with owner SQL. */
export const seedRawTenant = async (ownerUrl: string): Promise<{ companyId: number; whatsappId: number }> => {
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
  try {
    const [plan] = await sql<{ id: number }[]>`insert into plans (name, users, connections, queues) values ('Raw', 100, 20, 50) returning id`;
    const [company] = await sql<{ id: number }[]>`insert into companies (name, plan_id) values ('Raw ingest', ${plan!.id}) returning id`;
    const [w] = await sql<{ id: number }[]>`
      insert into whatsapps (company_id, name, provider, status, is_default) values (${company!.id}, 'Sandbox', 'sandbox', 'CONNECTED', true) returning id`;
    return { companyId: company!.id, whatsappId: w!.id };
  } finally {
    await sql.end({ timeout: 5 });
  }
};
