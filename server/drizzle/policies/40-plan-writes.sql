-- The super user's plan editor (decision 0130). `plans` is global and read-only for the app role
-- (decision 0026: any app-role write would change every company's limits). These two functions
-- are the only way the app writes it: they run as the owner (SECURITY DEFINER) and only inside a
-- withSystem transaction (app.system = 'on', which the server opens for super users only), so
-- the write and its audit row commit together in the caller's transaction. The grant itself is
-- never widened.
create or replace function balcao_plan_save(p_id int, p jsonb)
returns setof plans language plpgsql volatile security definer
set search_path = public, pg_temp as $fn$
begin
  if coalesce(current_setting('app.system', true), '') <> 'on' then
    raise exception 'plans are written by the super user only' using errcode = '42501';
  end if;
  if p_id is null then
    return query
      insert into plans (name, users, connections, queues, value, use_campaigns, use_schedules, use_internal_chat,
                         use_external_api, use_kanban, use_open_ai, use_integrations, use_internal, signup, use_copilot,
                         copilot_token_cap, template_sends_per_month)
      values (p->>'name', (p->>'users')::int, (p->>'connections')::int, (p->>'queues')::int, (p->>'value')::numeric,
              (p->>'useCampaigns')::boolean, (p->>'useSchedules')::boolean, (p->>'useInternalChat')::boolean,
              (p->>'useExternalApi')::boolean, (p->>'useKanban')::boolean, (p->>'useOpenAi')::boolean,
              (p->>'useIntegrations')::boolean, (p->>'useInternal')::boolean, coalesce((p->>'signup')::boolean, true),
              coalesce((p->>'useCopilot')::boolean, true), coalesce((p->>'copilotTokenCap')::int, 0),
              (p->>'templateSendsPerMonth')::int)
      returning *;
  else
    return query
      update plans set
        name = p->>'name', users = (p->>'users')::int, connections = (p->>'connections')::int,
        queues = (p->>'queues')::int, value = (p->>'value')::numeric,
        use_campaigns = (p->>'useCampaigns')::boolean, use_schedules = (p->>'useSchedules')::boolean,
        use_internal_chat = (p->>'useInternalChat')::boolean, use_external_api = (p->>'useExternalApi')::boolean,
        use_kanban = (p->>'useKanban')::boolean, use_open_ai = (p->>'useOpenAi')::boolean,
        use_integrations = (p->>'useIntegrations')::boolean, use_internal = (p->>'useInternal')::boolean,
        signup = coalesce((p->>'signup')::boolean, signup),
        use_copilot = coalesce((p->>'useCopilot')::boolean, use_copilot),
        copilot_token_cap = coalesce((p->>'copilotTokenCap')::int, copilot_token_cap),
        -- Null is a value here (no cap): only a field left out keeps the stored one (decision 0414).
        template_sends_per_month = case when p ? 'templateSendsPerMonth' then (p->>'templateSendsPerMonth')::int else template_sends_per_month end,
        updated_at = now()
      where id = p_id
      returning *;
  end if;
end
$fn$;

create or replace function balcao_plan_delete(p_id int)
returns setof plans language plpgsql volatile security definer
set search_path = public, pg_temp as $fn$
begin
  if coalesce(current_setting('app.system', true), '') <> 'on' then
    raise exception 'plans are written by the super user only' using errcode = '42501';
  end if;
  return query delete from plans where id = p_id returning *;
end
$fn$;
revoke all on function balcao_plan_save(int, jsonb) from public;
revoke all on function balcao_plan_delete(int) from public;
