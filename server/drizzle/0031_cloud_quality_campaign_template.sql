-- A Cloud number's quality rating and messaging limit as Meta last said them (issue 29 §1, decision 0450),
-- and a campaign's template on a Cloud API connection (issue 29 §3, decision 0451).
ALTER TABLE "whatsapps" ADD COLUMN "cloud_quality_rating" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_messaging_limit" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template" jsonb;