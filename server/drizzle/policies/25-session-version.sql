-- The per-request session check (infra/auth): the user's session_version, only if the user
-- belongs to the token's company (RLS and the where clause both say so); null otherwise.
-- One prepared statement in autocommit, one index lookup (users_company_id_id).
create or replace function balcao_session_version(p_company int, p_user int)
returns int language plpgsql security invoker as $fn$
begin
  perform set_config('app.company_id', p_company::text, true);
  return (select session_version from users where company_id = p_company and id = p_user);
end
$fn$;
