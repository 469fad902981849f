ALTER TYPE "public"."event_type" ADD VALUE 'bulk_send.finished';--> statement-breakpoint
CREATE TABLE "bulk_send_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bulk_send_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"cells" json NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"contract_id" uuid,
	"error" text,
	"waiting_until" timestamp (3) with time zone,
	"queuings" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"template_id" uuid,
	"template_title" text NOT NULL,
	"project_id" uuid,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"headers" json NOT NULL,
	"mapping" json NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_template_id_contracts_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_rows_row_key" ON "bulk_send_rows" USING btree ("bulk_send_id","row");--> statement-breakpoint
CREATE INDEX "bulk_send_rows_status_idx" ON "bulk_send_rows" USING btree ("bulk_send_id","status");--> statement-breakpoint
CREATE INDEX "bulk_sends_organization_idx" ON "bulk_sends" USING btree ("organization_id","created_at");