CREATE TYPE "public"."signing_link_purpose" AS ENUM('sign', 'download');--> statement-breakpoint
ALTER TABLE "contract_files" ADD COLUMN "active_content" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "byte_size" bigint;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "initials_image" "bytea";--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "purpose" "signing_link_purpose" DEFAULT 'sign' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "expires_at" timestamp (3) with time zone;