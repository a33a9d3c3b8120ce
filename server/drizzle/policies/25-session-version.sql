-- The per-request session check (infra/auth): the user's session_version, only if the user
-- belongs to the token's company (RLS and the where clause both say so) and that company is
-- active (a company the super user set inactive stops at its next request; the super user
-- never does); null otherwise. One prepared statement in autocommit, two primary-key lookups.
create or replace function balcao_session_version(p_company int, p_user int)
returns int language plpgsql security invoker as $fn$
begin
  perform set_config('app.company_id', p_company::text, true);
  return (select u.session_version from users u join companies c on c.id = u.company_id
          where u.company_id = p_company and u.id = p_user and (c.status or u.super));
end
$fn$;
