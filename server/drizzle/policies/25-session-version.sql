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

-- The same check for several users of one company at once (infra/auth batches the checks asked in
-- one turn of the event loop): their versions in the order asked, null where balcao_session_version
-- would answer null.
-- JSON, not int[]: a null inside an array of ints does not come back as null to postgres.js.
drop function if exists balcao_session_versions(int, int[]);
create or replace function balcao_session_versions(p_company int, p_users int[])
returns json language plpgsql security invoker as $fn$
begin
  perform set_config('app.company_id', p_company::text, true);
  return (select json_agg((select u.session_version from users u join companies c on c.id = u.company_id
                             where u.company_id = p_company and u.id = x.id and (c.status or u.super)) order by x.n)
          from unnest(p_users) with ordinality as x(id, n));
end
$fn$;
