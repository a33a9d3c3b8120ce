-- The conversation's index also holds company_id (issue 9, decision 0059): row-level security checks it on
-- every row, so the history's count and page ids can be read from the index alone (an index-only scan).
DROP INDEX "messages_ticket_created";--> statement-breakpoint
CREATE INDEX "messages_ticket_created" ON "messages" USING btree ("ticket_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"company_id");