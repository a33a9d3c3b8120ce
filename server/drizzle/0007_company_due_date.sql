-- Every company has a due date (decision 0036): NULL meant "never expires", which is kept as 2999-12-31.
UPDATE "companies" SET "due_date" = '2999-12-31' WHERE "due_date" IS NULL;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "due_date" SET DEFAULT '2999-12-31';--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "due_date" SET NOT NULL;