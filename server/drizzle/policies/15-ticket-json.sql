-- Ticket DTOs (shared/src/schemas/dtos.ts TicketDto) built in one place, in SQL, so lists,
-- events and the ingest function return the same shape without mapping rows in Node.
-- A view, so the planner inlines it and joins only the rows asked for (a page, one ticket);
-- security_invoker: row-level security applies as the caller, as for the tables themselves.
drop function if exists balcao_ticket_json(int);
drop function if exists balcao_tickets_json(int, int[]);
drop view if exists ticket_dtos;
-- A time as JavaScript's toISOString writes it (2026-11-28T17:12:32.123Z): the DTO's text is then
-- what the API sends, with no conversion in Node (GET /tickets passes the list's JSON through).
create or replace function balcao_iso(t timestamptz) returns text language sql stable parallel safe
  as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
create view ticket_dtos with (security_invoker = true) as
  select t.id, t.company_id, json_build_object(
    'id', t.id, 'uuid', t.uuid, 'status', t.status, 'companyId', t.company_id, 'contactId', t.contact_id,
    'whatsappId', t.whatsapp_id, 'queueId', t.queue_id, 'userId', t.user_id, 'isGroup', t.is_group,
    'chatbot', t.chatbot, 'lastMessage', t.last_message, 'unreadMessages', t.unread_messages, 'presence', null,
    'createdAt', balcao_iso(t.created_at), 'updatedAt', balcao_iso(t.updated_at), 'queuedAt', balcao_iso(t.queued_at),
    'acceptedAt', balcao_iso(t.accepted_at), 'closedAt', balcao_iso(t.closed_at), 'sla', t.sla,
    'contact', json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'profilePicUrl', c.profile_pic_url,
      -- The contact's own tags (the list item shows them; decision 0152).
      'tags', coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name), tg.id)
                        from contact_tags ct join tags tg on tg.id = ct.tag_id where ct.contact_id = c.id), '[]'::json)),
    'queue', case when q.id is not null then json_build_object('id', q.id, 'name', q.name, 'color', q.color) end,
    'user', case when u.id is not null then json_build_object('id', u.id, 'name', u.name) end,
    'whatsapp', json_build_object('id', w.id, 'name', w.name),
    'tags', coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name)
                      from ticket_tags tt join tags tg on tg.id = tt.tag_id where tt.ticket_id = t.id), '[]'::json)) as dto
  from tickets t
  join contacts c on c.id = t.contact_id
  join whatsapps w on w.id = t.whatsapp_id
  left join queues q on q.id = t.queue_id
  left join users u on u.id = t.user_id;
