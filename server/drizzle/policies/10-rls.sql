-- Applied after every migration run (idempotent). Row-level security is the backstop behind
-- the repositories' own company filters: every table with a company_id column gets one policy.
-- The application connects as :app_role (no BYPASSRLS); migrations run as the owner.
-- withTenant() sets app.company_id for its transaction; withSystem() sets app.system.
-- The settings are read in scalar subqueries so PostgreSQL evaluates them once per query, not per row.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.table_name
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t.table_name);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (company_id = (SELECT nullif(current_setting(''app.company_id'', true), '''')::int) OR (SELECT current_setting(''app.system'', true)) = ''on'') WITH CHECK (company_id = (SELECT nullif(current_setting(''app.company_id'', true), '''')::int) OR (SELECT current_setting(''app.system'', true)) = ''on'')',
      t.table_name);
  END LOOP;
END $$;

ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON companies;
CREATE POLICY tenant_isolation ON companies
  USING (id = (SELECT nullif(current_setting('app.company_id', true), '')::int) OR (SELECT current_setting('app.system', true)) = 'on')
  WITH CHECK ((SELECT current_setting('app.system', true)) = 'on');
