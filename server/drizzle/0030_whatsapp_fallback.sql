-- Failover per ticket and the plan's template cap (issue 29 §6-7, decisions 0411 and 0414).
-- SET NULL names its column so company_id (NOT NULL) is kept (PostgreSQL 15+).
ALTER TABLE "plans" ADD COLUMN "template_sends_per_month" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "fallback_whatsapp_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_fallback_fk" FOREIGN KEY ("company_id","fallback_whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("fallback_whatsapp_id") ON UPDATE no action;
