/**
 * Bulk seed for the inbox bench, with owner SQL (INSERT … SELECT over generate_series, never
 * row by row). Skewed: company 1 holds 20 % of the tickets and messages.
 *
 * At scale 1: 100 companies, 100k tickets (one contact each), ~1M messages (1–19 per ticket),
 * 5 queues, 4 tags and 1 connection per company, 40 users in company 1 and 5 elsewhere (user 1
 * of each company is its admin; the others sit in 1–2 queues). Tickets: 15 % pending (no user),
 * 20 % open, 65 % closed (with a user), 1 in 6 without a queue, updated over the last 8 weeks.
 */
import postgres from 'postgres';
import { hash } from '@node-rs/argon2';

export const BENCH_PASSWORD = 'Secret123';
const COMPANIES = 100;
const BIG_USERS = 40;
const USERS = 5;
const QUEUES = 5;

/**
 * Words a customer writes, for the search bench: message k of ticket t carries word
 * ((7t + 13k) mod 100) + 1 of this list when there is one, so each word is in ~1 % of the
 * messages (the rest carry none).
 */
export const SEARCH_WORDS = ['ação', 'cobrança', 'orçamento', 'endereço', 'promoção', 'devolução', 'garantia', 'boleto', 'entrega', 'pedido', 'troca', 'cancelamento', 'horário', 'pagamento', 'reembolso', 'atraso', 'cartão', 'nota', 'frete', 'estoque'];

/** Login of user `i` (1 = the admin) of company `company`. */
export const userEmail = (company: number, i: number) => `u${i}@c${company}.bench`;

export interface SeedFigures {
  companies: number;
  tickets: number;
  messages: number;
  big: { tickets: number; messages: number; open: number; pending: number };
  seconds: number;
}

export const seedInbox = async (ownerUrl: string, scale: number): Promise<SeedFigures> => {
  const t0 = performance.now();
  const tickets = Math.round(100_000 * scale);
  const bigTickets = Math.round(tickets * 0.2);
  const passwordHash = await hash(BENCH_PASSWORD);
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
  try {
    await sql.begin(async (tx) => {
      // Every row is consistent by construction: skip the per-row FK triggers of a bulk load.
      await tx`set local session_replication_role = replica`;
      // The migration already wrote the default plan (id 1): it becomes the bench's.
      await tx`insert into plans (id, name, users, connections, queues) values (1, 'Bench', 1000, 20, 50) on conflict (id) do update set name = excluded.name, users = excluded.users, connections = excluded.connections, queues = excluded.queues`;
      await tx`insert into companies (id, name, plan_id) select c, 'Empresa ' || lpad(c::text, 3, '0'), 1 from generate_series(1, ${COMPANIES}::int) c`;
      await tx`
        insert into users (id, company_id, name, email, password_hash, profile)
        select case when c = 1 then i else ${BIG_USERS}::int + (c - 2) * ${USERS}::int + i end, c, 'Agente ' || c || '-' || i,
               'u' || i || '@c' || c || '.bench', ${passwordHash}, case when i = 1 then 'admin' else 'user' end
        from generate_series(1, ${COMPANIES}::int) c, generate_series(1, case when c = 1 then ${BIG_USERS}::int else ${USERS}::int end) i`;
      await tx`
        insert into queues (id, company_id, name, color)
        select (c - 1) * ${QUEUES}::int + k, c, 'Fila ' || k, '#' || lpad(to_hex(k * 3000000), 6, '0')
        from generate_series(1, ${COMPANIES}::int) c, generate_series(1, ${QUEUES}::int) k`;
      // user i (i ≥ 2) of each company: queue (i mod 5) + 1, and for even i also ((i + 1) mod 5) + 1.
      await tx`
        insert into user_queues (company_id, user_id, queue_id)
        select u.company_id, u.id, (u.company_id - 1) * ${QUEUES}::int + k
        from users u, lateral (select substring(u.email from '^u(\\d+)@')::int as i) n,
             lateral (select (n.i % ${QUEUES}::int) + 1 as k union select ((n.i + 1) % ${QUEUES}::int) + 1 where n.i % 2 = 0) q
        where n.i >= 2`;
      await tx`insert into whatsapps (id, company_id, name, provider, status, is_default) select c, c, 'WhatsApp ' || c, 'sandbox', 'CONNECTED', true from generate_series(1, ${COMPANIES}::int) c`;
      await tx`insert into tags (id, company_id, name, color) select (c - 1) * 4 + k, c, 'Etiqueta ' || k, '#00aa0' || k from generate_series(1, ${COMPANIES}::int) c, generate_series(1, 4) k`;
      // Ticket g: company 1 for the first 20 %, then round-robin over the other companies.
      await tx`
        create temporary table seed_t on commit drop as
        select g, case when g <= ${bigTickets}::int then 1 else 2 + (g - ${bigTickets}::int - 1) % ${COMPANIES - 1}::int end as c,
               (g * 7919) % 100 as r, now() - random() * interval '56 days' as at
        from generate_series(1, ${tickets}::int) g`;
      await tx`
        insert into contacts (id, company_id, name, number, created_at, updated_at)
        select g, c, 'Cliente ' || g, '55' || lpad(g::text, 11, '0'), at - interval '3 days', at - interval '3 days' from seed_t`;
      await tx`
        insert into tickets (id, company_id, contact_id, whatsapp_id, queue_id, user_id, status, last_message, unread_messages,
                             created_at, updated_at, queued_at, accepted_at, closed_at)
        select g, c, g, c,
               case when g % 6 = 0 then null else (c - 1) * ${QUEUES}::int + g % 6 end,
               case when r < 15 then null
                    else case when c = 1 then 2 + g % ${BIG_USERS - 1}::int else ${BIG_USERS}::int + (c - 2) * ${USERS}::int + 2 + g % ${USERS - 1}::int end end,
               case when r < 15 then 'pending' when r < 35 then 'open' else 'closed' end,
               'mensagem ' || (1 + g % 19) || ' do atendimento ' || g,
               case when r < 35 then g % 4 else 0 end,
               at - interval '2 days', at, at - interval '2 days',
               case when r >= 15 then at - interval '1 day' end,
               case when r >= 35 then at end
        from seed_t`;
      // Replica mode skips the triggers that keep the ticket counts too (decision 0322): written here, as the migration does.
      await tx`insert into ticket_counts (company_id, status, n) select company_id, status, count(*) from tickets group by 1, 2`;
      await tx`insert into ticket_tags (company_id, ticket_id, tag_id) select c, g, (c - 1) * 4 + 1 + g % 4 from seed_t where g % 4 = 0`;
      await tx`
        insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, user_id, body, from_me, ack, created_at, updated_at)
        select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'SEED' || t.id || '_' || i, case when i % 2 = 0 then t.user_id end,
               'mensagem ' || i || ' do atendimento ' || t.id || coalesce(' ' || (${SEARCH_WORDS}::text[])[1 + (t.id * 7 + i * 13) % 100], ''), i % 2 = 0, case when i % 2 = 0 then 3 else 0 end,
               t.updated_at - (1 + t.id % 19 - i) * interval '5 minutes', t.updated_at - (1 + t.id % 19 - i) * interval '5 minutes'
        from tickets t, generate_series(1, 1 + t.id % 19) i`;
      for (const table of ['plans', 'companies', 'users', 'queues', 'whatsapps', 'tags', 'contacts', 'tickets']) {
        await tx.unsafe(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
    });
    // VACUUM as well as ANALYZE: visibility map set, and autovacuum has no reason to wake mid-run;
    // CHECKPOINT: the seed's dirty pages are not written by a spread checkpoint during the run.
    await sql`vacuum (analyze)`;
    await sql`checkpoint`;
    const [f] = await sql<{ tickets: number; messages: number; big_tickets: number; big_messages: number; open: number; pending: number }[]>`
      select (select count(*) from tickets)::int as tickets, (select count(*) from messages)::int as messages,
             (select count(*) from tickets where company_id = 1)::int as big_tickets,
             (select count(*) from messages where company_id = 1)::int as big_messages,
             (select count(*) from tickets where company_id = 1 and status = 'open')::int as open,
             (select count(*) from tickets where company_id = 1 and status = 'pending')::int as pending`;
    return {
      companies: COMPANIES,
      tickets: f!.tickets,
      messages: f!.messages,
      big: { tickets: f!.big_tickets, messages: f!.big_messages, open: f!.open, pending: f!.pending },
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
};

/**
 * One long conversation for the messages bench: `count` more messages on ticket `ticketId`
 * (alternating customer and agent, 1 minute apart, the newest just now), in one INSERT … SELECT.
 */
export const seedConversation = async (ownerUrl: string, ticketId: number, count: number): Promise<{ messages: number; seconds: number }> => {
  const t0 = performance.now();
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
  try {
    await sql`
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, user_id, body, from_me, ack, read, created_at, updated_at)
      select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'LONG' || t.id || '_' || i, case when i % 2 = 0 then t.user_id end,
             'mensagem longa ' || i || ' da conversa ' || t.id, i % 2 = 0, case when i % 2 = 0 then 4 else 0 end, true,
             now() - (${count}::int - i) * interval '1 minute', now() - (${count}::int - i) * interval '1 minute'
      from tickets t, generate_series(1, ${count}::int) i where t.id = ${ticketId}`;
    await sql`vacuum (analyze) messages`;
    const [f] = await sql<{ n: number }[]>`select count(*)::int as n from messages where ticket_id = ${ticketId}`;
    return { messages: f!.n, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await sql.end({ timeout: 5 });
  }
};
