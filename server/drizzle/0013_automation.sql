-- Automation (issue 12): the bot's place and counters on a ticket, the ticket timeline, queue
-- integrations, AI prompts, a connection's own integration. SET NULL names its column so company_id
-- (NOT NULL) is kept. RLS: every new table has company_id (drizzle/policies/10-rls.sql).
CREATE TABLE "ticket_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(20) NOT NULL,
	"project_name" varchar(200) DEFAULT '' NOT NULL,
	"json_content" text DEFAULT '' NOT NULL,
	"language" varchar(10) DEFAULT 'pt-BR' NOT NULL,
	"url_n8n" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"typebot_slug" varchar(200) DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" varchar(100) DEFAULT '' NOT NULL,
	"typebot_keyword_restart" varchar(100) DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_integrations_company_id_id" UNIQUE("company_id","id"),
	CONSTRAINT "queue_integrations_company_name" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"prompt" text NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"model" varchar(100) DEFAULT '' NOT NULL,
	"voice" varchar(60) DEFAULT 'texto' NOT NULL,
	"voice_key" text DEFAULT '' NOT NULL,
	"voice_region" varchar(60) DEFAULT '' NOT NULL,
	"max_tokens" integer DEFAULT 100 NOT NULL,
	"temperature" numeric(3, 2) DEFAULT '1' NOT NULL,
	"max_messages" integer DEFAULT 10 NOT NULL,
	"queue_id" integer,
	"redact_pii" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompts_company_id_id" UNIQUE("company_id","id"),
	CONSTRAINT "prompts_company_name" UNIQUE("company_id","name")
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_option_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "out_of_hours_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "integration_session" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "integration_session_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("queue_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_events_ticket" ON "ticket_events" USING btree ("ticket_id","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_bot_option_fk" FOREIGN KEY ("company_id","bot_option_id") REFERENCES "public"."queue_options"("company_id","id") ON DELETE SET NULL ("bot_option_id") ON UPDATE no action;