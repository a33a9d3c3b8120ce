-- Ticket search's candidates (decision 0071): the ids of the current company's tickets whose
-- messages hold every word (full-text, `messages_search`) or whose contact's name contains the
-- text or number the digits (trigrams, `contacts_name_trgm`, `contacts_number_trgm`).
--
-- Why a SECURITY DEFINER function: under row-level security PostgreSQL evaluates the policy
-- before any operator that is not LEAKPROOF, and neither `@@` nor LIKE is, so as the app role
-- those indexes can never be used (every message of the company is read and tested: 1.6 s for
-- 200,000 messages). Run as the owner, the same statements use the indexes. The company is not
-- an argument: it is the transaction's app.company_id, the very value the policy checks, so the
-- function sees no more than row-level security would show the caller (none without a company).
-- It answers ticket ids only; the list statement joins them to tickets as the caller (RLS on),
-- with visibility and the other filters. A voice note's transcript (the copilot's, decision 0441)
-- is its message's words too: `copilot_message_texts_search`.
create or replace function balcao_search_tickets(p_words text, p_like text, p_digits text)
returns setof int language plpgsql stable security definer
set search_path = public, pg_temp rows 200 as $fn$
declare
  v_company int := nullif(current_setting('app.company_id', true), '')::int;
begin
  if v_company is null then return; end if;
  -- One query, so a ticket found by several messages, or by its messages and its contact, is one row.
  return query
    select m.ticket_id from messages m
    where p_words <> '' and m.company_id = v_company
      and to_tsvector('simple'::regconfig, balcao_fold(m.body)) @@ to_tsquery('simple'::regconfig, balcao_fold(p_words))
    union
    select x.ticket_id from copilot_message_texts x
    where p_words <> '' and x.company_id = v_company and x.kind = 'transcript'
      and x.search @@ to_tsquery('simple'::regconfig, balcao_fold(p_words))
    union
    select t.id from tickets t
    where t.company_id = v_company
      and t.contact_id in (
        select c.id from contacts c where c.company_id = v_company and balcao_fold(c.name) like balcao_fold(p_like)
        union all
        select c.id from contacts c where p_digits <> '' and c.company_id = v_company and c.number like p_digits);
end
$fn$;
revoke all on function balcao_search_tickets(text, text, text) from public;
