CREATE TABLE "whatsapp_cloud_ids" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"our_id" varchar(128) NOT NULL,
	"wamid" varchar(160) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_cloud_ids_whatsapp_id_our_id_pk" PRIMARY KEY("whatsapp_id","our_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_phone_number_id" varchar(30);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_waba_id" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_access_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_app_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_verify_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_ids" ADD CONSTRAINT "whatsapp_cloud_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_cloud_ids" ADD CONSTRAINT "whatsapp_cloud_ids_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_cloud_ids_wamid" ON "whatsapp_cloud_ids" USING btree ("whatsapp_id","wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_cloud_phone_number_id" ON "whatsapps" USING btree ("cloud_phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapps_cloud_verify_token_hash" ON "whatsapps" USING btree ("cloud_verify_token_hash");