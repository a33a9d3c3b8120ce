-- Growth (issue 13): schedules and self-cancelling follow-ups, contact lists, file lists,
-- campaigns with their settings and send ledger, the opt-out ledger and the per-connection send
-- gate. SET NULL names its column so company_id (NOT NULL) is kept. RLS: every new table has
-- company_id (drizzle/policies/10-rls.sql).
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"body" text NOT NULL,
	"contact_id" integer NOT NULL,
	"ticket_id" integer,
	"user_id" integer,
	"whatsapp_id" integer,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"cancel_on_reply" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"message_id" integer,
	"media_path" text DEFAULT '' NOT NULL,
	"media_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_company_id_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" varchar(50) NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"is_whatsapp_valid" boolean,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_list_items_company_id_id" UNIQUE("company_id","id"),
	CONSTRAINT "contact_list_items_list_number" UNIQUE("contact_list_id","number")
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_lists_company_id_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_lists_company_id_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_list_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"media_type" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"company_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_settings_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "campaign_shipping" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"contact_list_item_id" integer,
	"contact_id" integer,
	"number" varchar(50) NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"status" varchar(30) DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"confirmation_message" text DEFAULT '' NOT NULL,
	"ticket_id" integer,
	"message_id" integer,
	"confirmation_message_id" integer,
	"claimed_at" timestamp with time zone,
	"claimed_by" varchar(64),
	"confirmation_requested_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"hold_reason" varchar(40),
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_shipping_campaign_number" UNIQUE("campaign_id","number")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"message1" text DEFAULT '' NOT NULL,
	"message2" text DEFAULT '' NOT NULL,
	"message3" text DEFAULT '' NOT NULL,
	"message4" text DEFAULT '' NOT NULL,
	"message5" text DEFAULT '' NOT NULL,
	"confirmation_message1" text DEFAULT '' NOT NULL,
	"confirmation_message2" text DEFAULT '' NOT NULL,
	"confirmation_message3" text DEFAULT '' NOT NULL,
	"confirmation_message4" text DEFAULT '' NOT NULL,
	"confirmation_message5" text DEFAULT '' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"status" varchar(20) DEFAULT 'INATIVA' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"whatsapp_id" integer,
	"contact_list_id" integer,
	"tag_list_id" integer,
	"file_list_id" integer,
	"media_path" text DEFAULT '' NOT NULL,
	"media_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_company_id_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"company_id" integer NOT NULL,
	"number" varchar(50) NOT NULL,
	"source" varchar(20) NOT NULL,
	"keyword" varchar(40) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_company_id_number_pk" PRIMARY KEY("company_id","number")
);
--> statement-breakpoint
CREATE TABLE "send_gate_days" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"held" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "send_gate_days_whatsapp_id_day_pk" PRIMARY KEY("whatsapp_id","day")
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "paired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "gate_rate_per_minute" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "gate_daily_cap" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "gate_jitter_ms" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "gate_warmup_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE SET NULL ("ticket_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_list_fk" FOREIGN KEY ("company_id","contact_list_id") REFERENCES "public"."contact_lists"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_options" ADD CONSTRAINT "file_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_options" ADD CONSTRAINT "file_options_list_fk" FOREIGN KEY ("company_id","file_list_id") REFERENCES "public"."file_lists"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_campaign_fk" FOREIGN KEY ("company_id","campaign_id") REFERENCES "public"."campaigns"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_item_fk" FOREIGN KEY ("company_id","contact_list_item_id") REFERENCES "public"."contact_list_items"("company_id","id") ON DELETE SET NULL ("contact_list_item_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE SET NULL ("contact_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE SET NULL ("ticket_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_list_fk" FOREIGN KEY ("company_id","contact_list_id") REFERENCES "public"."contact_lists"("company_id","id") ON DELETE SET NULL ("contact_list_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tag_fk" FOREIGN KEY ("company_id","tag_list_id") REFERENCES "public"."tags"("company_id","id") ON DELETE SET NULL ("tag_list_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_file_list_fk" FOREIGN KEY ("company_id","file_list_id") REFERENCES "public"."file_lists"("company_id","id") ON DELETE SET NULL ("file_list_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_gate_days" ADD CONSTRAINT "send_gate_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_gate_days" ADD CONSTRAINT "send_gate_days_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_company_send_at" ON "schedules" USING btree ("company_id","send_at");--> statement-breakpoint
CREATE INDEX "schedules_due" ON "schedules" USING btree ("send_at") WHERE status = 'PENDENTE';--> statement-breakpoint
CREATE INDEX "schedules_followups" ON "schedules" USING btree ("ticket_id") WHERE cancel_on_reply and status = 'PENDENTE';--> statement-breakpoint
CREATE INDEX "contact_list_items_list_name" ON "contact_list_items" USING btree ("contact_list_id","name");--> statement-breakpoint
CREATE INDEX "contact_lists_company" ON "contact_lists" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "file_lists_company" ON "file_lists" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "file_options_list" ON "file_options" USING btree ("file_list_id");--> statement-breakpoint
CREATE INDEX "campaign_shipping_campaign_status" ON "campaign_shipping" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_shipping_awaiting" ON "campaign_shipping" USING btree ("company_id","number") WHERE status = 'confirmation_requested';--> statement-breakpoint
CREATE INDEX "campaign_shipping_message" ON "campaign_shipping" USING btree ("message_id") WHERE message_id is not null;--> statement-breakpoint
CREATE INDEX "campaigns_company" ON "campaigns" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "campaigns_due" ON "campaigns" USING btree ("scheduled_at") WHERE status = 'PROGRAMADA';