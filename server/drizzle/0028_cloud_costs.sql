-- The Cloud API cost ledger (issue 29 §7, decision 0410): one row per message id and pricing category.
CREATE TABLE "whatsapp_cloud_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"wamid" text NOT NULL,
	"category" varchar(40) NOT NULL,
	"month" varchar(7) NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"pricing_model" varchar(20) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_costs" ADD CONSTRAINT "whatsapp_cloud_costs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_costs" ADD CONSTRAINT "whatsapp_cloud_costs_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_cloud_costs_message" ON "whatsapp_cloud_costs" USING btree ("company_id","wamid","category");--> statement-breakpoint
CREATE INDEX "whatsapp_cloud_costs_month" ON "whatsapp_cloud_costs" USING btree ("company_id","month","whatsapp_id");