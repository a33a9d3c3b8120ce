-- One contact per customer, whatever identifier a message names them by (issue 29 §5; decisions
-- 0420–0422). A message keyed by a phone number never comes here: it goes to balcao_ingest(_many)
-- as before, at no extra cost. A message whose sender is known only by a Baileys LID, a Cloud API
-- business-scoped user id or a username (its item's `identityKind`) comes through
-- balcao_ingest_many_as, which replaces that identifier by the number of the contact
-- contact_identities maps it to (one probe of its unique index) and stores the batch as usual; an
-- identifier nobody maps yet keys a new contact by itself, as the LID digits always did.
--
-- The learning side (contact-merge's learnIdentities) takes an exclusive transaction lock on every
-- identifier it links and merges; this side takes a shared one on the identifiers it resolves,
-- both in the order of the keys, so a message never resolves against a mapping half made and
-- never recreates the contact a concurrent merge is folding away.

-- The transaction lock key of one identifier of one company (both sides compute it here).
create or replace function balcao_identity_key(p_company int, p_kind text, p_value text) returns bigint
language sql immutable as $fn$
  select hashtextextended(p_company::text || ':' || p_kind || ':' || p_value, 0)
$fn$;

-- The number of the contact an identifier is mapped to, or the identifier itself when none is.
create or replace function balcao_identity_number(p_company int, p_kind text, p_value text) returns text
language sql stable security invoker as $fn$
  select coalesce((select c.number from contact_identities i join contacts c on c.company_id = i.company_id and c.id = i.contact_id
                   where i.company_id = p_company and i.kind = p_kind and i.value = p_value), p_value)
$fn$;

-- The same, after the shared lock on the identifier (the media path calls it in its transaction
-- before balcao_ingest). Volatile, so the lookup after the lock sees what a merge just committed.
create or replace function balcao_identity_resolve(p_company int, p_kind text, p_value text) returns text
language plpgsql volatile security invoker as $fn$
begin
  perform set_config('app.company_id', p_company::text, true);
  perform pg_advisory_xact_lock_shared(balcao_identity_key(p_company, p_kind, p_value));
  return balcao_identity_number(p_company, p_kind, p_value);
end
$fn$;

-- balcao_ingest_many for a batch with at least one item keyed by an identifier other than a phone.
create or replace function balcao_ingest_many_as(p_company int, p_items jsonb) returns json
language plpgsql volatile security invoker as $fn$
declare
  v_key bigint;
  v_items jsonb;
begin
  perform set_config('app.company_id', p_company::text, true);
  for v_key in
    select distinct balcao_identity_key(p_company, i.v->>'identityKind', i.v->>'number') as k
    from jsonb_array_elements(p_items) i(v) where i.v->>'identityKind' is not null order by 1
  loop
    perform pg_advisory_xact_lock_shared(v_key);
  end loop;
  select jsonb_agg(case when a.v->>'identityKind' is null then a.v
      else jsonb_set(a.v, '{number}', to_jsonb(balcao_identity_number(p_company, a.v->>'identityKind', a.v->>'number'))) end order by a.n)
    into v_items from jsonb_array_elements(p_items) with ordinality a(v, n);
  return balcao_ingest_many(p_company, v_items);
end
$fn$;
