-- Documents are kept as JSON text (json), not parsed into jsonb: see the `document` column in
-- src/server/db/schema/columns.ts. jsonb prints as its canonical text, which is what the hashes
-- of the versions already recorded were made of, so they stay true of the text kept now.
ALTER TABLE "contract_versions" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;--> statement-breakpoint
ALTER TABLE "suggestions" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;
