-- Cloud API template sends per company and UTC month: the plan's monthly cap (issue 29 §7, decision 0414).
CREATE TABLE "whatsapp_template_sends" (
	"company_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_template_sends_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_template_sends" ADD CONSTRAINT "whatsapp_template_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;