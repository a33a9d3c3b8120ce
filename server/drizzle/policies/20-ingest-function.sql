-- The inbound unit of work (server-behaviour §5 steps 2, 4, 5, 6) as one function, so a
-- message costs one prepared statement, one round trip and one commit. SECURITY INVOKER: it runs
-- as the calling app role, and row-level security applies to every statement inside it.
-- Each statement takes a fresh snapshot, so rows committed concurrently (the same new customer
-- writing twice at once) are found instead of duplicated; the unique indexes settle the races.
-- The raw channel message, the forwarded flag, the quoted message's channel id and messages the
-- company sent from the phone itself (p_from_me) came later: older signatures go, so a stale
-- caller fails loudly instead of reaching one. p_last_message is what the ticket list shows
-- ('📷 Imagem', 'Contato: Ana'…, written by the caller in the company's language); '' = the body.
-- The ticket DTO (the ticket_dtos view's shape) the inbound answers carry, from the rows in hand:
-- re-reading five tables through the view cost ~40 % of the ingest's throughput. One place for the
-- single message and the batch; `p_last_message` and `p_unread` are the ticket's just after the
-- message the answer is for (a batch's earlier items show their own). `p_created`: no tags yet.
create or replace function balcao_ingest_ticket_json(
  t tickets, p_contact int, p_name text, p_number text, p_picture text, p_created boolean, p_last_message text, p_unread int
) returns json language sql stable security invoker as $fn$
  select json_build_object(
    'id', t.id, 'uuid', t.uuid, 'status', t.status, 'companyId', t.company_id, 'contactId', t.contact_id,
    'whatsappId', t.whatsapp_id, 'queueId', t.queue_id, 'userId', t.user_id, 'isGroup', t.is_group,
    'chatbot', t.chatbot, 'lastMessage', p_last_message, 'unreadMessages', p_unread, 'presence', null,
    'createdAt', t.created_at, 'updatedAt', t.updated_at, 'queuedAt', t.queued_at, 'acceptedAt', t.accepted_at,
    'closedAt', t.closed_at, 'sla', t.sla,
    'contact', json_build_object('id', p_contact, 'name', p_name, 'number', p_number, 'profilePicUrl', p_picture,
      'tags', case when not exists (select 1 from contact_tags where contact_id = p_contact) then '[]'::json else
        (select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name), tg.id)
           from contact_tags ct join tags tg on tg.id = ct.tag_id where ct.contact_id = p_contact) end),
    'queue', case when t.queue_id is not null then (select json_build_object('id', q.id, 'name', q.name, 'color', q.color) from queues q where q.id = t.queue_id) end,
    'user', case when t.user_id is not null then (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = t.user_id) end,
    'whatsapp', (select json_build_object('id', w.id, 'name', w.name) from whatsapps w where w.id = t.whatsapp_id),
    'tags', case when p_created or not exists (select 1 from ticket_tags where ticket_id = t.id) then '[]'::json else
      (select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name)
         from ticket_tags tt join tags tg on tg.id = tt.tag_id where tt.ticket_id = t.id) end)
$fn$;

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
  v_survey csat_ratings;
  v_score smallint;
  v_answer text;
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

  -- A satisfaction survey's answer (issue 30 §4; decision 0396): while the survey of this contact's
  -- closed ticket on this connection is open (csat_ratings_open: a probe of a nearly empty partial
  -- index) and no live ticket took over, a lone digit 1–5 is its score, and the next text its
  -- comment; either is stored on that closed ticket, which stays closed, and no ticket is opened.
  -- Anything else closes the survey and is a message like any other.
  if not p_from_me and not p_is_group then
    select * into v_survey from csat_ratings
      where company_id = p_company and contact_id = v_contact and whatsapp_id = p_whatsapp and open_until is not null
      order by asked_at desc limit 1;
    if v_survey.id is not null then
      if v_survey.open_until > now() and not exists (select 1 from tickets where company_id = p_company and contact_id = v_contact and whatsapp_id = p_whatsapp and status <> 'closed') then
        -- The score: a lone digit typed; on the Cloud API (decision 0430) the survey list's row id
        -- (`csat:N`, whatever its title says) or a template quick-reply button whose text begins
        -- with the score ("5 - Excelente").
        v_score := case
          -- A reply to a list or to buttons is stored as its kind (listReply, buttonReply).
          when p_media_type is not null and p_media_type not in ('listReply', 'buttonReply') then null
          when btrim(p_body) ~ '^[1-5]$' then btrim(p_body)::smallint
          when p_raw #>> '{cloud,message,interactive,list_reply,id}' ~ '^csat:[1-5]$' then right(p_raw #>> '{cloud,message,interactive,list_reply,id}', 1)::smallint
          when p_raw #>> '{cloud,message,interactive,button_reply,id}' ~ '^csat:[1-5]$' then right(p_raw #>> '{cloud,message,interactive,button_reply,id}', 1)::smallint
          when p_raw #>> '{cloud,message,type}' = 'button' and btrim(p_body) ~ '^[1-5]([^0-9]|$)' then left(btrim(p_body), 1)::smallint
        end;
        if v_survey.score is null and v_score is not null then
          update csat_ratings set score = v_score, rated_at = now(), open_until = now() + interval '10 minutes', updated_at = now() where id = v_survey.id;
          v_answer := 'score';
        elsif v_survey.score is not null and p_media_type is null and btrim(p_body) <> '' then
          update csat_ratings set comment = left(btrim(p_body), 2000), comment_at = now(), open_until = null, updated_at = now() where id = v_survey.id;
          v_answer := 'comment';
        end if;
      end if;
      if v_answer is null then
        update csat_ratings set open_until = null, updated_at = now() where id = v_survey.id;
      else
        v_ticket := v_survey.ticket_id;
        v_created := false;
      end if;
    end if;
  end if;

  if v_answer is null then
    insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, is_group, last_message, unread_messages, queued_at, bot_at)
    values (p_company, v_contact, p_whatsapp, p_status, p_queue, p_is_group, coalesce(nullif(p_last_message, ''), p_body), case when p_from_me then 0 else 1 end, now(),
            case when p_status = 'attending' then now() end)
    on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do update
      -- What the company wrote from the phone is not unread.
      set last_message = excluded.last_message, unread_messages = tickets.unread_messages + excluded.unread_messages, updated_at = now()
    returning id, (xmax = 0) into v_ticket, v_created;
  end if;

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
  if v_answer is not null then
    -- A survey answer: nothing for the bot, hours, follow-ups or campaigns; the csat module thanks.
    v_facts := json_build_object('botAt', t.bot_at, 'hours', false, 'connectionBot', false, 'followUps', false, 'confirmation', false, 'csat', v_answer);
  elsif not p_from_me and not p_is_group then
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
    'ticket', balcao_ingest_ticket_json(t, c.id, c.name, c.number, c.profile_pic_url, v_created, t.last_message, t.unread_messages));
end
$fn$;

-- Several messages of one company in one call (issue 26, decisions 0326, 0357): the messages that
-- arrived in the same turn of the event loop cost one round trip and one commit together, and one
-- set of statements for all of them — contacts, live tickets and messages each written by one
-- statement for the whole batch (per message, a call of balcao_ingest cost twice the raw unit of
-- work in statement overhead alone). The outcome per item is what balcao_ingest would have answered
-- for it, called in order, except that every item's contact shows the name the batch leaves.
-- The caller sends each customer's messages in one lane (never two calls at once for one contact or
-- ticket) and in their order. Any error — a concurrent duplicate from another process, a contact
-- another transaction made after this statement's snapshot (both BLC02) — fails the whole call,
-- and the caller then stores its messages one by one: no subtransaction per message on the hot path.
-- Returns balcao_ingest's json per item, in order.
create or replace function balcao_ingest_many(p_company int, p_items jsonb) returns json language plpgsql security invoker
-- One plan for the batch statement, made once per connection: planning it costs ~9 ms, and a
-- custom plan per call (the default for the first calls and whenever it looks cheaper) would cost
-- more than the batch itself.
set plan_cache_mode = force_generic_plan as $fn$
declare
  v_item jsonb;
  v_out json[] := '{}';
  v_result json;
  v_missing int;
  v_hours boolean;
begin
  perform set_config('app.company_id', p_company::text, true);
  -- A reply to a message of the same batch needs that message stored first, and a satisfaction
  -- survey's answer (decision 0396) balcao_ingest's own branch: item by item. The survey probe is
  -- one look at a nearly empty partial index unless the company has a survey open.
  if exists (select 1 from jsonb_array_elements(p_items) q(v) join jsonb_array_elements(p_items) o(v)
             on q.v->>'quotedWaMessageId' = o.v->>'waMessageId' and q.v->>'whatsappId' = o.v->>'whatsappId')
     or (exists (select 1 from csat_ratings r where r.company_id = p_company and r.open_until is not null)
         and exists (select 1 from jsonb_array_elements(p_items) i(v)
                     join contacts ct on ct.company_id = p_company and ct.number = i.v->>'number'
                     join csat_ratings r on r.company_id = p_company and r.contact_id = ct.id and r.whatsapp_id = (i.v->>'whatsappId')::int and r.open_until is not null)) then
    for v_item in select value from jsonb_array_elements(p_items) loop
      v_out := v_out || balcao_ingest(p_company, (v_item->>'whatsappId')::int, v_item->>'number', v_item->>'name', (v_item->>'isGroup')::boolean,
        v_item->>'waMessageId', v_item->>'body', v_item->>'mediaType', v_item->>'status', (v_item->>'queueId')::int, (v_item->>'at')::timestamptz,
        nullif(v_item->'raw', 'null'::jsonb), (v_item->>'isForwarded')::boolean, v_item->>'quotedWaMessageId', (v_item->>'fromMe')::boolean, v_item->>'lastMessage');
    end loop;
    return array_to_json(v_out);
  end if;

  v_hours := coalesce((select s.value from settings s where s.company_id = p_company and s.key = 'scheduleType'), 'disabled') in ('company', 'queue');

  with e as (
    select a.n, (a.v->>'whatsappId')::int as wid, a.v->>'number' as number, coalesce(nullif(a.v->>'name', ''), a.v->>'number') as name,
      (a.v->>'isGroup')::boolean as is_group, a.v->>'waMessageId' as wa_id, a.v->>'body' as body, a.v->>'mediaType' as media_type,
      a.v->>'status' as status, (a.v->>'queueId')::int as queue_id, (a.v->>'at')::timestamptz as at, nullif(a.v->'raw', 'null'::jsonb) as raw,
      coalesce((a.v->>'isForwarded')::boolean, false) as is_forwarded, a.v->>'quotedWaMessageId' as quoted_wa_id, (a.v->>'fromMe')::boolean as from_me,
      coalesce(nullif(a.v->>'lastMessage', ''), a.v->>'body') as preview
    from jsonb_array_elements(p_items) with ordinality as a(v, n)
  ),
  -- Stored before (a redelivery) or a second copy of one id in this batch: a duplicate.
  f as (
    select distinct on (e.wid, e.wa_id) e.* from e
    where not exists (select 1 from messages m where m.whatsapp_id = e.wid and m.wa_message_id = e.wa_id)
    order by e.wid, e.wa_id, e.n
  ),
  -- One row per number, named as the items one after another would leave it: the last push name
  -- that is not the number itself (a push name never overwrites a name a person typed).
  cn as (
    select f.number, min(f.n) as first_n, bool_or(f.is_group) as is_group, (array_agg(f.name order by f.n desc) filter (where f.name <> f.number))[1] as push_name
    from f group by f.number
  ),
  c_have as (
    select c.id, c.number, c.name, c.profile_pic_url, c.name_edited from contacts c join cn on c.number = cn.number where c.company_id = p_company
  ),
  c_new as (
    insert into contacts (company_id, name, number, is_group)
    select p_company, coalesce(cn.push_name, cn.number), cn.number, cn.is_group from cn
    where not exists (select 1 from c_have h where h.number = cn.number)
    -- Ids in the order the customers first wrote, as one call after another would give them.
    order by cn.first_n
    on conflict (company_id, number) do nothing
    returning id, number, name, profile_pic_url
  ),
  c_renamed as (
    update contacts c set name = cn.push_name, updated_at = now()
    from cn where c.company_id = p_company and c.number = cn.number and cn.push_name is not null
      and not c.name_edited and c.name is distinct from cn.push_name
    returning c.id, c.number, c.name, c.profile_pic_url
  ),
  c as (
    select * from c_new
    union all select * from c_renamed
    union all select h.id, h.number, h.name, h.profile_pic_url from c_have h where not exists (select 1 from c_renamed r where r.id = h.id)
  ),
  -- One row per live ticket the batch writes to: what it adds (what the company wrote from the phone is not unread).
  tn as (
    select c.id as contact_id, f.wid, min(f.n) as first_n, bool_or(f.is_group) as is_group, (array_agg(f.status order by f.n))[1] as status,
      (array_agg(f.queue_id order by f.n))[1] as queue_id, (array_agg(f.preview order by f.n desc))[1] as preview,
      (count(*) filter (where not f.from_me))::int as unread
    from f join c on c.number = f.number group by c.id, f.wid
  ),
  t as (
    insert into tickets (company_id, contact_id, whatsapp_id, status, queue_id, is_group, last_message, unread_messages, queued_at, bot_at)
    select p_company, tn.contact_id, tn.wid, tn.status, tn.queue_id, tn.is_group, tn.preview, tn.unread, now(), case when tn.status = 'attending' then now() end
    from tn order by tn.first_n
    on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do update
      set last_message = excluded.last_message, unread_messages = tickets.unread_messages + excluded.unread_messages, updated_at = now()
    returning tickets.*, tickets as tk, (xmax = 0) as created
  ),
  -- Each item with its contact and ticket; `later_unread`: what the batch's later items add to the
  -- ticket (so each item's ticket shows the count just after it), `first_n`: the item that made it.
  fi as (
    select f.*, c.id as contact_id, c.name as contact_name, c.profile_pic_url, t.id as ticket_id,
      (count(*) filter (where not f.from_me) over (partition by t.id order by f.n rows between 1 following and unbounded following))::int as later_unread,
      min(f.n) over (partition by t.id) as first_n
    from f join c on c.number = f.number join t on t.contact_id = c.id and t.whatsapp_id = f.wid
  ),
  m as (
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, ack, read, media_type, created_at, raw, is_forwarded, quoted_msg_id)
    select p_company, fi.ticket_id, fi.contact_id, fi.wid, fi.wa_id, fi.body, fi.from_me, case when fi.from_me then 2 else 0 end, fi.from_me, fi.media_type, fi.at,
      fi.raw, fi.is_forwarded, (select q.id from messages q where q.whatsapp_id = fi.wid and q.wa_message_id = fi.quoted_wa_id)
    from fi order by fi.n
    on conflict (whatsapp_id, wa_message_id) do nothing
    returning *
  ),
  -- The stored messages by channel id: a lookup per item, where a join of two CTEs (whose sizes the
  -- planner cannot know) became a nested loop over both.
  ms as (
    select coalesce(jsonb_object_agg(m.whatsapp_id || ':' || m.wa_message_id, to_jsonb(m.*) - 'raw'), '{}'::jsonb) as by_id from m
  ),
  r as (
    select e.n as item_n, f.n as fresh_n, fi.*, ms.by_id -> (fi.wid || ':' || fi.wa_id) as msg
    from e left join f on f.n = e.n left join fi on fi.n = e.n cross join ms
  )
  select json_agg(case when r.msg is null then json_build_object('duplicate', true) else json_build_object(
      'duplicate', false, 'ticketCreated', t.created and r.n = r.first_n, 'message', r.msg::json,
      'facts', case when not r.from_me and not r.is_group then json_build_object(
        'botAt', t.bot_at,
        'hours', v_hours,
        'connectionBot', t.bot_at is null and (
          exists (select 1 from whatsapp_queues wq where wq.company_id = p_company and wq.whatsapp_id = r.wid)
          or exists (select 1 from whatsapps w where w.id = r.wid and (w.integration_id is not null or w.prompt_id is not null))),
        'followUps', exists (select 1 from schedules s where s.ticket_id = t.id and s.cancel_on_reply and s.status = 'PENDENTE'),
        'confirmation', exists (select 1 from campaign_shipping s where s.company_id = p_company and s.number = r.number and s.status = 'confirmation_requested')
          or exists (select 1 from campaign_shipping s where s.contact_id = r.contact_id and s.status = 'confirmation_requested')) end,
      'quoted', case when r.msg->'quoted_msg_id' <> 'null'::jsonb then
        (select json_build_object('id', q.id, 'body', q.body, 'fromMe', q.from_me, 'mediaType', q.media_type) from messages q where q.id = (r.msg->>'quoted_msg_id')::int) end,
      'ticket', balcao_ingest_ticket_json(t.tk, r.contact_id, r.contact_name, r.number, r.profile_pic_url, t.created, r.preview, t.unread_messages - r.later_unread)) end order by r.item_n),
    count(*) filter (where r.fresh_n is not null and r.msg is null)
  into v_result, v_missing
  from r left join t on t.id = r.ticket_id;

  if v_missing > 0 then
    -- A message stored by another transaction since the duplicate check, or a contact made by one
    -- after this statement's snapshot (no row in `c`): the caller stores them one by one.
    raise exception 'balcao_ingest_many: % item(s) not stored together', v_missing using errcode = 'BLC02';
  end if;
  return v_result;
end
$fn$;
