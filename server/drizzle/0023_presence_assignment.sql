CREATE TABLE "assignment_agents" (
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assignment_agents_pk" PRIMARY KEY("company_id","queue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_tickets" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "assignment" varchar(12) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "agent_capacity" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "reassign_after_minutes" integer;--> statement-breakpoint
ALTER TABLE "assignment_agents" ADD CONSTRAINT "assignment_agents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_agents" ADD CONSTRAINT "assignment_agents_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_agents" ADD CONSTRAINT "assignment_agents_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_agents_user" ON "assignment_agents" USING btree ("company_id","user_id");