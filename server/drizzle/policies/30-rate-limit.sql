-- Applied after every migration run (idempotent). Request counters of @fastify/rate-limit
-- (server/src/db/rate-limits.ts), shared by every server process so a limit holds for the
-- whole cluster, not per replica. Not a drizzle table: no tenant data, no company_id, so no RLS;
-- rows expire (reset_at) and are swept by the processes that count.
CREATE TABLE IF NOT EXISTS rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limits_reset_at ON rate_limits (reset_at);
-- The app role exists from the second run on; on the first, migrate.ts's blanket grant covers it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'balcao_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limits TO balcao_app;
  END IF;
END $$;
