import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export interface IngestParams {
  companyId: number;
  whatsappId: number;
  number: string;
  pushName: string;
  isGroup: boolean;
  waMessageId: string;
  body: string;
  mediaType: string | null;
  at: Date;
  /** Status and queue of a new ticket (one-queue connections pick the queue directly). */
  newStatus: 'pending' | 'attending';
  newQueueId: number | null;
}

export interface IngestRow {
  duplicate: boolean;
  contact_id: number | null;
  contact_created: boolean | null;
  ticket_id: number | null;
  ticket_created: boolean | null;
  message: Record<string, unknown> | null;
}

/**
 * Steps 2, 4, 5 and 6 of the inbound pipeline as one statement (one round trip): skip a
 * redelivery, upsert the contact, find or create the live ticket, store the message and bump
 * the ticket. Races are settled by the unique indexes; when a concurrent transaction created
 * the contact or ticket after this statement's snapshot, the row comes back without a ticket
 * and the caller runs the statement again (it then sees the committed row).
 */
export const ingestStatement = async (tx: Tx, p: IngestParams): Promise<IngestRow> => {
  const rows = await tx.execute(sql`
    with dup as (
      select 1 from messages where whatsapp_id = ${p.whatsappId}::int and wa_message_id = ${p.waMessageId}
    ), c_new as (
      insert into contacts (company_id, name, number, is_group)
      select ${p.companyId}::int, ${p.pushName || p.number}, ${p.number}, ${p.isGroup}::boolean
      where not exists (select 1 from dup)
      on conflict (company_id, number) do update
        set name = excluded.name, updated_at = now()
        where not contacts.name_edited and excluded.name <> excluded.number and contacts.name is distinct from excluded.name
      returning id, (xmax = 0) as created
    ), c as (
      select id, created from c_new
      union all
      select id, false from contacts
      where company_id = ${p.companyId}::int and number = ${p.number} and not exists (select 1 from c_new) and not exists (select 1 from dup)
    ), t_live as (
      select t.id from tickets t join c on t.contact_id = c.id
      where t.company_id = ${p.companyId}::int and t.whatsapp_id = ${p.whatsappId}::int and t.status <> 'closed'
    ), t_new as (
      insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, is_group, last_message, unread_messages, queued_at, bot_at)
      select ${p.companyId}::int, c.id, ${p.whatsappId}::int, ${p.newStatus}::text, ${p.newQueueId}::int, ${p.isGroup}::boolean, ${p.body}, 1,
             now(), case when ${p.newStatus}::text = 'attending' then now() end
      from c where not exists (select 1 from t_live)
      on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
      returning id, true as created
    ), t_upd as (
      update tickets set last_message = ${p.body}, unread_messages = unread_messages + 1, updated_at = now()
      where id = (select id from t_live) and status <> 'closed'
      returning id, false as created
    ), t as (
      select id, created from t_new union all select id, created from t_upd
    ), m as (
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, ack, media_type, created_at, updated_at)
      select ${p.companyId}::int, t.id, c.id, ${p.whatsappId}::int, ${p.waMessageId}, ${p.body}, false, 0, ${p.mediaType}::text, ${p.at.toISOString()}::timestamptz, now()
      from t, c
      on conflict (whatsapp_id, wa_message_id) do nothing
      returning *
    )
    select exists (select 1 from dup) as duplicate,
           (select id from c) as contact_id, (select created from c) as contact_created,
           (select id from t) as ticket_id, (select created from t) as ticket_created,
           (select row_to_json(m) from m) as message
  `);
  return rows[0] as unknown as IngestRow;
};
