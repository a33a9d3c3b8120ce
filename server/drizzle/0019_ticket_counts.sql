CREATE TABLE "ticket_counts" (
	"company_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_counts_company_status" ON "ticket_counts" USING btree ("company_id","status");--> statement-breakpoint
-- Decision 0322: the counts follow every ticket written, by any path (the repositories, the
-- ingest function, bulk statements): created and deleted tickets per statement, a status change
-- per row (the WHEN keeps the trigger off the hot path, where an update leaves the status). A
-- deleted company's counts are deleted with it.
CREATE FUNCTION balcao_ticket_counts_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts (company_id, status, n) SELECT company_id, status, count(*) FROM added GROUP BY 1, 2;
  ELSE
    -- Not for a company being deleted (its tickets go by cascade): its counts go with it, below.
    INSERT INTO ticket_counts (company_id, status, n) SELECT g.company_id, g.status, -count(*) FROM gone g
      WHERE EXISTS (SELECT 1 FROM companies c WHERE c.id = g.company_id) GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION balcao_ticket_counts_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counts (company_id, status, n) VALUES (OLD.company_id, OLD.status, -1), (NEW.company_id, NEW.status, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION balcao_ticket_counts_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts WHERE company_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_ticket_counts AFTER DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION balcao_ticket_counts_forget();
--> statement-breakpoint
-- Taken before the triggers and the first sums: no ticket can change between the two.
LOCK TABLE "tickets" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TRIGGER tickets_counts_insert AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION balcao_ticket_counts_rows();
--> statement-breakpoint
CREATE TRIGGER tickets_counts_delete AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION balcao_ticket_counts_rows();
--> statement-breakpoint
CREATE TRIGGER tickets_counts_status AFTER UPDATE OF status, company_id ON "tickets" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION balcao_ticket_counts_status();
--> statement-breakpoint
INSERT INTO "ticket_counts" (company_id, status, n) SELECT company_id, status, count(*) FROM "tickets" GROUP BY 1, 2;
