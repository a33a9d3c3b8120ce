-- Quick messages become a module of their own (issue 9). No route wrote this table before, so no
-- duplicate shortcodes can stand in the way of the unique index. Row-level security: the table has
-- company_id, so drizzle/policies/10-rls.sql gives it the tenant_isolation policy after every run.
DROP INDEX "quick_messages_company";--> statement-breakpoint
ALTER TABLE "quick_messages" ADD COLUMN "status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "quick_messages_company_shortcode" ON "quick_messages" USING btree ("company_id","shortcode");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_messages_company_shortcode_ci" ON "quick_messages" USING btree ("company_id",lower("shortcode"));--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_company_id_id" UNIQUE("company_id","id");