CREATE TYPE "public"."delegation_rule" AS ENUM('off', 'once', 'repeated');--> statement-breakpoint
CREATE TYPE "public"."recipient_role" AS ENUM('signer', 'approver', 'viewer', 'cc', 'witness');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.turn_reached' BEFORE 'contract.declined';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.approved' BEFORE 'contract.declined';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.rejected' BEFORE 'contract.declined';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.witnessed' BEFORE 'contract.declined';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.named' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.delegated' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.corrected' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.added' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.removed' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."signer_status" ADD VALUE 'approved' BEFORE 'declined';--> statement-breakpoint
ALTER TYPE "public"."signer_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."signer_status" ADD VALUE 'delegated';--> statement-breakpoint
ALTER TABLE "signers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "delegation" "delegation_rule";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "delegation" "delegation_rule" DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "role" "recipient_role" DEFAULT 'signer' NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "signers" AS s SET "position" = n.position FROM (
  SELECT "id", row_number() OVER (PARTITION BY "contract_id" ORDER BY "signing_order", "created_at", "id") AS position FROM "signers"
) AS n WHERE s."id" = n."id";--> statement-breakpoint
ALTER TABLE "signers" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "witness_of" integer;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "named_by" integer;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegation_reason" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delegated_from" uuid;--> statement-breakpoint
ALTER TABLE "signers" ADD CONSTRAINT "signers_contract_position_key" UNIQUE NULLS NOT DISTINCT("contract_id","position","delegated_at");