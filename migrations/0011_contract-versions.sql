CREATE TYPE "public"."version_kind" AS ENUM('edited', 'review', 'sent', 'restored', 'suggestions');--> statement-breakpoint
CREATE TABLE "contract_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" "version_kind" NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"edit_session" text,
	"restored_from" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_versions_contract_number_key" ON "contract_versions" USING btree ("contract_id","number");--> statement-breakpoint
-- Every contract starts with its current content as version 1: as sent for those already sent.
INSERT INTO "contract_versions" ("contract_id", "number", "kind", "title", "content", "content_hash", "author_id", "author_name", "created_at", "updated_at")
SELECT "id", 1, CASE WHEN "status" = 'draft' THEN 'edited'::"version_kind" ELSE 'sent'::"version_kind" END,
       "title", "content", encode(sha256(convert_to("content"::text, 'UTF8')), 'hex'),
       "created_by", "created_by_name", COALESCE("sent_at", "updated_at"), COALESCE("sent_at", "updated_at")
FROM "contracts";
