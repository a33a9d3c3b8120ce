-- Issue 32 §4-5, §7 (decisions 0440-0442): the copilot's translation and transcripts (settings, a ticket's
-- customer language, texts kept beside messages, searchable) and the plan's monthly copilot token cap.
CREATE TABLE "copilot_message_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"language" varchar(10) DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, public.balcao_fold(text))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copilot_ticket_languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"language" varchar(10) DEFAULT '' NOT NULL,
	"translate" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "copilot_token_cap" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "copilot_settings" ADD COLUMN "translate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "copilot_settings" ADD COLUMN "agent_language" varchar(10) DEFAULT 'pt' NOT NULL;--> statement-breakpoint
ALTER TABLE "copilot_settings" ADD COLUMN "transcribe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "copilot_settings" ADD COLUMN "transcription_model" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "copilot_message_texts" ADD CONSTRAINT "copilot_message_texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_message_texts" ADD CONSTRAINT "copilot_message_texts_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_ticket_languages" ADD CONSTRAINT "copilot_ticket_languages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_ticket_languages" ADD CONSTRAINT "copilot_ticket_languages_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "copilot_message_texts_message_kind" ON "copilot_message_texts" USING btree ("company_id","message_id","kind");--> statement-breakpoint
CREATE INDEX "copilot_message_texts_ticket" ON "copilot_message_texts" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "copilot_message_texts_search" ON "copilot_message_texts" USING gin ("company_id","search");--> statement-breakpoint
CREATE UNIQUE INDEX "copilot_ticket_languages_ticket" ON "copilot_ticket_languages" USING btree ("company_id","ticket_id");