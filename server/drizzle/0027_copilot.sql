-- The agent's copilot (issue 32, decision 0400): the knowledge base, the copilot's settings, its
-- metering and the tickets' summaries; the plans' useCopilot gate.
-- An article's words as message search indexes them (migration 0010: balcao_fold under 'simple',
-- so accents and case do not matter), title and tags weighted above the body. IMMUTABLE so it
-- can be indexed: balcao_fold is, and array_to_string of text is. Names are qualified: an index
-- build runs with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION balcao_knowledge_doc(title text, body text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('simple'::regconfig, public.balcao_fold(coalesce(title, '') || ' ' || array_to_string(coalesce(tags, '{}'::text[]), ' '))), 'A')
            || setweight(to_tsvector('simple'::regconfig, public.balcao_fold(coalesce(body, ''))), 'B') $$;--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_articles_company_id_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "copilot_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"model" varchar(100) DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"monthly_token_cap" integer DEFAULT 0 NOT NULL,
	"auto_summary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copilot_summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"reason" varchar(20) NOT NULL,
	"summary" text NOT NULL,
	"model" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copilot_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"feature" varchar(30) NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "use_copilot" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("queue_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_settings" ADD CONSTRAINT "copilot_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_summaries" ADD CONSTRAINT "copilot_summaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_summaries" ADD CONSTRAINT "copilot_summaries_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_summaries" ADD CONSTRAINT "copilot_summaries_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_usage" ADD CONSTRAINT "copilot_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_articles_search" ON "knowledge_articles" USING gin ("company_id",balcao_knowledge_doc("title", "body", "tags"));--> statement-breakpoint
CREATE UNIQUE INDEX "copilot_settings_company" ON "copilot_settings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "copilot_summaries_ticket" ON "copilot_summaries" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copilot_usage_company_month_feature" ON "copilot_usage" USING btree ("company_id","month","feature");