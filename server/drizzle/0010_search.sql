-- Ticket search (issue 10, decision 0071): contact name and number by trigram, message text by
-- full-text, both accent- and case-insensitive. unaccent, pg_trgm and btree_gin are trusted
-- extensions (a database owner may create them) and ship with PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- unaccent() is only STABLE (it reads its dictionary by name); with the dictionary named and the
-- schema fixed it is safe to index. Lower case too: 'AÇÃO' and 'acao' index the same.
CREATE OR REPLACE FUNCTION balcao_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;--> statement-breakpoint
-- Every message's words, per company (company_id first through btree_gin: a word common in other
-- companies costs nothing here).
CREATE INDEX "messages_search" ON "messages" USING gin ("company_id", to_tsvector('simple'::regconfig, balcao_fold("body")));--> statement-breakpoint
CREATE INDEX "contacts_name_trgm" ON "contacts" USING gin ("company_id", balcao_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_number_trgm" ON "contacts" USING gin ("company_id", "number" gin_trgm_ops);
