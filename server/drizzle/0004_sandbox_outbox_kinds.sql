CREATE TABLE "sandbox_reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"to" varchar(30) NOT NULL,
	"target_wa_message_id" varchar(128) NOT NULL,
	"emoji" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "kind" varchar(20) DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "quoted_id" varchar(128);--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "is_forwarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "is_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "is_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_reactions" ADD CONSTRAINT "sandbox_reactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_reactions" ADD CONSTRAINT "sandbox_reactions_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_reactions_target" ON "sandbox_reactions" USING btree ("whatsapp_id","target_wa_message_id");