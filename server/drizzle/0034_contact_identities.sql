-- Identifiers other than the phone a customer reaches a company by: Baileys LID, Cloud API business-scoped user id, username (issue 29 §5, decision 0420).
CREATE TABLE "contact_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"value" varchar(140) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_identities_kind" CHECK ("contact_identities"."kind" in ('lid', 'cloud_user_id', 'username'))
);
--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_company_kind_value" ON "contact_identities" USING btree ("company_id","kind","value");--> statement-breakpoint
CREATE INDEX "contact_identities_contact" ON "contact_identities" USING btree ("company_id","contact_id");