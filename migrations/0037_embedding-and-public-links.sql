ALTER TYPE "public"."signing_link_purpose" ADD VALUE 'embed';--> statement-breakpoint
CREATE TABLE "public_link_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"contract_id" uuid,
	"visitor_name" text NOT NULL,
	"visitor_email" text NOT NULL,
	"ip" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"role_number" integer NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"max_per_day" integer,
	"max_total" integer,
	"require_email_code" boolean DEFAULT false NOT NULL,
	"embed_origins" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "embed_origins" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "delivery" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "used_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "public_link_submissions" ADD CONSTRAINT "public_link_submissions_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_link_submissions" ADD CONSTRAINT "public_link_submissions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_template_id_contracts_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_link_submissions_link_idx" ON "public_link_submissions" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_token_hash_key" ON "public_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "public_links_organization_idx" ON "public_links" USING btree ("organization_id","created_at");