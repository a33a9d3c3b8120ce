CREATE TABLE "platform_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"destination" varchar(16) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(200) NOT NULL,
	"size" integer NOT NULL,
	"version" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_logos" ADD CONSTRAINT "platform_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_logos_destination" ON "platform_logos" USING btree ("destination");