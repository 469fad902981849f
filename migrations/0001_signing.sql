CREATE TYPE "public"."document_kind" AS ENUM('frozen', 'final');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sent', 'held', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."signature_kind" AS ENUM('drawn', 'typed');--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" "document_kind" NOT NULL,
	"sha256" text NOT NULL,
	"pages" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"contract_id" uuid,
	"signer_id" uuid,
	"kind" text NOT NULL,
	"to_email" text NOT NULL,
	"to_name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"subject" text,
	"held_text" text,
	"held_html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"dedupe_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contract_id" uuid,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "sequential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "sealed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "seal_error" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "signing_expiry_days" integer DEFAULT 30;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "reminder_interval_days" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sealing_p12" "bytea";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sealing_p12_password" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sealing_fingerprint" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "invited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "last_reminded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "field_values" jsonb;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "signature_kind" "signature_kind";--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "signature_image" "bytea";--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "consent_hash" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "signed_ip" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "signed_user_agent" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_links" ADD CONSTRAINT "signing_links_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_contract_kind_key" ON "documents" USING btree ("contract_id","kind");--> statement-breakpoint
CREATE INDEX "documents_sha256_idx" ON "documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "mail_messages_organization_idx" ON "mail_messages" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_contract_idx" ON "mail_messages" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_dedupe_key_key" ON "mail_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_links_token_hash_key" ON "signing_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_links_signer_idx" ON "signing_links" USING btree ("signer_id");--> statement-breakpoint
CREATE INDEX "contracts_sent_expires_idx" ON "contracts" USING btree ("expires_at") WHERE "contracts"."status" = 'sent';