-- Meta's business-scoped user ids may be up to 128 characters (decision 0423): every column that
-- holds a customer's number/identifier is widened from 50. PostgreSQL refuses to alter a column a
-- view uses, so ticket_dtos (contacts.number) is dropped first and recreated as
-- policies/15-ticket-json.sql defines it (that file recreates it again after every migration run).
DROP VIEW IF EXISTS ticket_dtos;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "number" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "contact_list_items" ALTER COLUMN "number" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "campaign_shipping" ALTER COLUMN "number" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "opt_outs" ALTER COLUMN "number" SET DATA TYPE varchar(128);--> statement-breakpoint
-- ticket_dtos calls balcao_iso, which a fresh database gets from the policies only after the migrations.
create or replace function balcao_iso(t timestamptz) returns text language sql stable parallel safe
  as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;--> statement-breakpoint
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
