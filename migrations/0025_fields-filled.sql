ALTER TABLE "contract_fields" ADD COLUMN "filled_value" text;--> statement-breakpoint
ALTER TABLE "contract_fields" ADD COLUMN "filled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contract_files" ADD COLUMN "first_page" integer;