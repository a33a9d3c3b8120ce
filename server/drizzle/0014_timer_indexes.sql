-- The ticket timers' scans (issue 12, modules/timers; decision 0173): each timer reads its due
-- tickets per connection in due order from a partial index, so a sweep never scans the table.
-- Custom SQL: drizzle's builder cannot index an expression inside a partial index's columns
-- the way these need; tickets.table.ts points here.
CREATE INDEX IF NOT EXISTS "tickets_timer_close" ON "tickets" ("whatsapp_id", "last_from_me_at") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_timer_transfer" ON "tickets" ("whatsapp_id", (coalesce("queued_at", "created_at"))) WHERE "status" = 'pending' AND "queue_id" IS NULL AND "user_id" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_timer_bot" ON "tickets" ("whatsapp_id", (coalesce("bot_at", "created_at"))) WHERE "user_id" IS NULL AND ("status" = 'attending' OR ("chatbot" AND "status" = 'pending'));
