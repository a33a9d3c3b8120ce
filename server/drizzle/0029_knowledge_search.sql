DROP INDEX "knowledge_articles_search";--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (balcao_knowledge_doc(title, body, tags)) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_articles_search" ON "knowledge_articles" USING gin ("company_id","search");