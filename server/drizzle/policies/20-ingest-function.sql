-- The inbound unit of work (server-behaviour §5 steps 2, 4, 5, 6) as one function, so a
-- message costs one prepared statement, one round trip and one commit. SECURITY INVOKER: it runs
-- as the calling app role, and row-level security applies to every statement inside it.
-- Each statement takes a fresh snapshot, so rows committed concurrently (the same new customer
-- writing twice at once) are found instead of duplicated; the unique indexes settle the races.
create or replace function balcao_ingest(
  p_company int, p_whatsapp int, p_number text, p_name text, p_is_group boolean,
  p_wa_id text, p_body text, p_media_type text, p_status text, p_queue int, p_at timestamptz
) returns json language plpgsql security invoker as $fn$
declare
  v_contact int;
  v_ticket int;
  v_created boolean;
  v_message json;
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
  values (p_company, v_contact, p_whatsapp, p_status, p_queue, p_is_group, p_body, 1, now(), case when p_status = 'attending' then now() end)
  on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do update
    set last_message = excluded.last_message, unread_messages = tickets.unread_messages + 1, updated_at = now()
  returning id, (xmax = 0) into v_ticket, v_created;

  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, ack, media_type, created_at)
  values (p_company, v_ticket, v_contact, p_whatsapp, p_wa_id, p_body, false, 0, p_media_type, p_at)
  on conflict (whatsapp_id, wa_message_id) do nothing
  returning row_to_json(messages.*) into v_message;
  if v_message is null then
    -- A concurrent delivery of the same id won: roll back this call's ticket bump.
    raise exception 'balcao_ingest: concurrent duplicate' using errcode = 'BLC01';
  end if;

  return json_build_object('duplicate', false, 'ticketCreated', v_created, 'message', v_message, 'ticket', (select dto from ticket_dtos where id = v_ticket and company_id = p_company));
end
$fn$;
