CREATE TYPE "public"."signing_link_purpose" AS ENUM('sign', 'download');--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "purpose" "signing_link_purpose" DEFAULT 'sign' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "expires_at" timestamp (3) with time zone;