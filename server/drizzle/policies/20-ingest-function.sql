-- The inbound unit of work (server-behaviour §5 steps 2, 4, 5, 6) as one function, so a
-- message costs one prepared statement, one round trip and one commit. SECURITY INVOKER: it runs
-- as the calling app role, and row-level security applies to every statement inside it.
-- Each statement takes a fresh snapshot, so rows committed concurrently (the same new customer
-- writing twice at once) are found instead of duplicated; the unique indexes settle the races.
-- The raw channel message, the forwarded flag, the quoted message's channel id and messages the
-- company sent from the phone itself (p_from_me) came later: older signatures go, so a stale
-- caller fails loudly instead of reaching one. p_last_message is what the ticket list shows
-- ('📷 Imagem', 'Contato: Ana'…, written by the caller in the company's language); '' = the body.
drop function if exists balcao_ingest(int, int, text, text, boolean, text, text, text, text, int, timestamptz);
drop function if exists balcao_ingest(int, int, text, text, boolean, text, text, text, text, int, timestamptz, jsonb, boolean, text);
drop function if exists balcao_ingest(int, int, text, text, boolean, text, text, text, text, int, timestamptz, jsonb, boolean, text, boolean);
create or replace function balcao_ingest(
  p_company int, p_whatsapp int, p_number text, p_name text, p_is_group boolean,
  p_wa_id text, p_body text, p_media_type text, p_status text, p_queue int, p_at timestamptz,
  p_raw jsonb, p_is_forwarded boolean, p_quoted_wa_id text, p_from_me boolean, p_last_message text
) returns json language plpgsql security invoker as $fn$
declare
  v_contact int;
  v_ticket int;
  v_created boolean;
  v_message json;
  v_quoted int;
  t tickets;
  c contacts;
  v_facts json;
begin
  perform set_config('app.company_id', p_company::text, true);
  if exists (select 1 from messages where whatsapp_id = p_whatsapp and wa_message_id = p_wa_id) then
    return json_build_object('duplicate', true);
  end if;

  insert into contacts (company_id, name, number, is_group)
  values (p_company, coalesce(nullif(p_name, ''), p_number), p_number, p_is_group)
  on conflict (company_id, number) do update set name = excluded.name, updated_at = now()
    -- A push name never overwrites a name a person typed.
    where not contacts.name_edited and excluded.name <> excluded.number and contacts.name is distinct from excluded.name
  returning id into v_contact;
  if v_contact is null then
    select id into v_contact from contacts where company_id = p_company and number = p_number;
  end if;

  insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, is_group, last_message, unread_messages, queued_at, bot_at)
  values (p_company, v_contact, p_whatsapp, p_status, p_queue, p_is_group, coalesce(nullif(p_last_message, ''), p_body), case when p_from_me then 0 else 1 end, now(),
          case when p_status = 'attending' then now() end)
  on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do update
    -- What the company wrote from the phone is not unread.
    set last_message = excluded.last_message, unread_messages = tickets.unread_messages + excluded.unread_messages, updated_at = now()
  returning id, (xmax = 0) into v_ticket, v_created;

  -- A reply to a message we never stored (older than the connection) keeps no quote.
  if p_quoted_wa_id is not null then
    select id into v_quoted from messages where whatsapp_id = p_whatsapp and wa_message_id = p_quoted_wa_id;
  end if;

  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, ack, read, media_type, created_at,
                        raw, is_forwarded, quoted_msg_id)
  -- Sent from the phone: already on WhatsApp's server (ack 2), and ours, so nothing to read.
  values (p_company, v_ticket, v_contact, p_whatsapp, p_wa_id, p_body, p_from_me, case when p_from_me then 2 else 0 end, p_from_me, p_media_type, p_at,
          p_raw, coalesce(p_is_forwarded, false), v_quoted)
  on conflict (whatsapp_id, wa_message_id) do nothing
  -- Not the raw message: the DTO has no use for it and it is the bulk of the row.
  returning (to_jsonb(messages.*) - 'raw')::json into v_message;
  if v_message is null then
    -- A concurrent delivery of the same id won: roll back this call's ticket bump.
    raise exception 'balcao_ingest: concurrent duplicate' using errcode = 'BLC01';
  end if;

  -- The ticket DTO (the ticket_dtos view's shape) from the rows in hand: this runs for every
  -- inbound message, and re-reading five tables through the view cost ~40 % of its throughput.
  select * into t from tickets where id = v_ticket;
  select * into c from contacts where id = v_contact;

  -- What the listeners of a customer's message need to know to do nothing (issue 26, decision
  -- 0326): index probes here instead of a round trip (or a job) per listener per message. The
  -- bot module reads `bot*`/`hours` (bot.gate.ts), schedules `followUps`, campaigns `confirmation`.
  if not p_from_me and not p_is_group then
    v_facts := json_build_object(
      'botAt', t.bot_at,
      'hours', coalesce((select s.value from settings s where s.company_id = p_company and s.key = 'scheduleType'), 'disabled') in ('company', 'queue'),
      'connectionBot', t.bot_at is null and (
        exists (select 1 from whatsapp_queues wq where wq.company_id = p_company and wq.whatsapp_id = p_whatsapp)
        or exists (select 1 from whatsapps w where w.id = p_whatsapp and (w.integration_id is not null or w.prompt_id is not null))),
      'followUps', exists (select 1 from schedules s where s.ticket_id = v_ticket and s.cancel_on_reply and s.status = 'PENDENTE'),
      'confirmation', exists (select 1 from campaign_shipping s where s.company_id = p_company and s.number = p_number and s.status = 'confirmation_requested')
        or exists (select 1 from campaign_shipping s where s.contact_id = v_contact and s.status = 'confirmation_requested'));
  end if;

  return json_build_object('duplicate', false, 'ticketCreated', v_created, 'message', v_message, 'facts', v_facts,
    'quoted', case when v_quoted is not null then
      (select json_build_object('id', q.id, 'body', q.body, 'fromMe', q.from_me, 'mediaType', q.media_type) from messages q where q.id = v_quoted) end,
    'ticket', json_build_object(
    'id', t.id, 'uuid', t.uuid, 'status', t.status, 'companyId', t.company_id, 'contactId', t.contact_id,
    'whatsappId', t.whatsapp_id, 'queueId', t.queue_id, 'userId', t.user_id, 'isGroup', t.is_group,
    'chatbot', t.chatbot, 'lastMessage', t.last_message, 'unreadMessages', t.unread_messages, 'presence', null,
    'createdAt', t.created_at, 'updatedAt', t.updated_at, 'queuedAt', t.queued_at, 'acceptedAt', t.accepted_at,
    'closedAt', t.closed_at, 'sla', t.sla,
    'contact', json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'profilePicUrl', c.profile_pic_url,
      'tags', case when not exists (select 1 from contact_tags where contact_id = c.id) then '[]'::json else
        (select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name), tg.id)
           from contact_tags ct join tags tg on tg.id = ct.tag_id where ct.contact_id = c.id) end),
    'queue', case when t.queue_id is not null then (select json_build_object('id', q.id, 'name', q.name, 'color', q.color) from queues q where q.id = t.queue_id) end,
    'user', case when t.user_id is not null then (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = t.user_id) end,
    'whatsapp', (select json_build_object('id', w.id, 'name', w.name) from whatsapps w where w.id = t.whatsapp_id),
    'tags', case when v_created or not exists (select 1 from ticket_tags where ticket_id = t.id) then '[]'::json else
      (select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name)
         from ticket_tags tt join tags tg on tg.id = tt.tag_id where tt.ticket_id = t.id) end));
end
$fn$;

-- Several messages of one company in one call (issue 26, decision 0326): the messages that
-- arrived in the same turn of the event loop cost one round trip and one commit together. The
-- caller sends each customer's messages in one lane (never two calls at once for one contact or
-- ticket) and in their order. Any error — a concurrent duplicate from another process (BLC01)
-- among them — fails the whole call, and the caller then stores its messages one by one: no
-- subtransaction per message on the hot path. Returns balcao_ingest's json per item, in order.
create or replace function balcao_ingest_many(p_company int, p_items jsonb) returns json language plpgsql security invoker as $fn$
declare
  v_item jsonb;
  v_out json[] := '{}';
begin
  for v_item in select value from jsonb_array_elements(p_items) loop
    v_out := v_out || balcao_ingest(p_company, (v_item->>'whatsappId')::int, v_item->>'number', v_item->>'name', (v_item->>'isGroup')::boolean,
      v_item->>'waMessageId', v_item->>'body', v_item->>'mediaType', v_item->>'status', (v_item->>'queueId')::int, (v_item->>'at')::timestamptz,
      nullif(v_item->'raw', 'null'::jsonb), (v_item->>'isForwarded')::boolean, v_item->>'quotedWaMessageId', (v_item->>'fromMe')::boolean, v_item->>'lastMessage');
  end loop;
  return array_to_json(v_out);
end
$fn$;
