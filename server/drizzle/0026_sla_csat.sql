CREATE TABLE "business_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer,
	"first_response_minutes" integer,
	"next_response_minutes" integer,
	"resolution_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csat_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"asked_at" timestamp with time zone NOT NULL,
	"open_until" timestamp with time zone,
	"score" smallint,
	"rated_at" timestamp with time zone,
	"comment" text,
	"comment_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_ratings" ADD CONSTRAINT "csat_ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_ratings" ADD CONSTRAINT "csat_ratings_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_hours_company" ON "business_hours" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_queue" ON "sla_policies" USING btree ("company_id","queue_id") WHERE queue_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_default" ON "sla_policies" USING btree ("company_id") WHERE queue_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "csat_ratings_ticket" ON "csat_ratings" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "csat_ratings_open" ON "csat_ratings" USING btree ("company_id","contact_id","whatsapp_id") WHERE open_until is not null;--> statement-breakpoint
CREATE INDEX "csat_ratings_rated" ON "csat_ratings" USING btree ("company_id","rated_at") WHERE score is not null;--> statement-breakpoint
CREATE INDEX "tickets_sla_check" ON "tickets" USING btree ("sla_check_at") WHERE sla_check_at is not null;