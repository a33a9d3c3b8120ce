-- Composite (company_id, id) keys: a row can only point at a row of its own company.
-- SET NULL names its column so company_id (NOT NULL) is kept (PostgreSQL 15+).
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_company_id_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_id" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_queues" DROP CONSTRAINT "user_queues_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_queues" DROP CONSTRAINT "user_queues_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" DROP CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" DROP CONSTRAINT "whatsapp_queues_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapps" DROP CONSTRAINT "whatsapps_transfer_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "sandbox_outbox" DROP CONSTRAINT "sandbox_outbox_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "sandbox_reactions" DROP CONSTRAINT "sandbox_reactions_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_auth" DROP CONSTRAINT "whatsapp_auth_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_session_events" DROP CONSTRAINT "whatsapp_session_events_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_custom_fields" DROP CONSTRAINT "contact_custom_fields_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "quick_messages" DROP CONSTRAINT "quick_messages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_notes" DROP CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_notes" DROP CONSTRAINT "ticket_notes_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_notes" DROP CONSTRAINT "ticket_notes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_tags" DROP CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_tags" DROP CONSTRAINT "ticket_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_user_id_users_id_fk";
--> statement-breakpoint
-- users.whatsapp_id had no key until now: a deleted connection could leave it dangling.
UPDATE "users" u SET "whatsapp_id" = NULL WHERE "whatsapp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "whatsapps" w WHERE w."company_id" = u."company_id" AND w."id" = u."whatsapp_id");
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_transfer_queue_fk" FOREIGN KEY ("company_id","transfer_queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("transfer_queue_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD CONSTRAINT "sandbox_outbox_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sandbox_reactions" ADD CONSTRAINT "sandbox_reactions_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_auth" ADD CONSTRAINT "whatsapp_auth_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_session_events" ADD CONSTRAINT "whatsapp_session_events_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tag_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("queue_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsapp_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE SET NULL ("contact_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
