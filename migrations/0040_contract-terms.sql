CREATE TYPE "public"."deadline_kind" AS ENUM('notice', 'end', 'term');--> statement-breakpoint
CREATE TYPE "public"."renewal_kind" AS ENUM('none', 'automatic');--> statement-breakpoint
CREATE TYPE "public"."term_duration" AS ENUM('fixed', 'until', 'evergreen');--> statement-breakpoint
CREATE TYPE "public"."term_field_kind" AS ENUM('text', 'number', 'date', 'choice');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.terms_changed' BEFORE 'bulk_send.finished';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.deadline_approaching' BEFORE 'bulk_send.finished';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.renewed' BEFORE 'bulk_send.finished';--> statement-breakpoint
CREATE TABLE "contract_deadlines" (
	"contract_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" "deadline_kind" NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"label" text,
	"due_on" date NOT NULL,
	CONSTRAINT "contract_deadlines_contract_id_kind_key_pk" PRIMARY KEY("contract_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "contract_terms" (
	"contract_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"counterparty_company" text,
	"counterparty_contact" text,
	"counterparty_email" text,
	"type_id" uuid,
	"value" numeric(15, 2),
	"currency" text,
	"effective_on" date,
	"duration" "term_duration",
	"duration_months" integer,
	"end_on" date,
	"renewal" "renewal_kind" DEFAULT 'none' NOT NULL,
	"renewal_months" integer,
	"notice_days" integer,
	"owner_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_terms_currency" CHECK ("contract_terms"."currency" is null or "contract_terms"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "contract_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_watchers" (
	"contract_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_watchers_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "deadline_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lead_days" integer[] NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"feed_token_hash" text,
	"feed_created_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deadline_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "deadline_kind" NOT NULL,
	"key" text NOT NULL,
	"due_on" date NOT NULL,
	"lead_days" integer NOT NULL,
	"event_id" uuid,
	"digested_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"kind" "term_field_kind" NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_deadlines" ADD CONSTRAINT "contract_deadlines_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_deadlines" ADD CONSTRAINT "contract_deadlines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_type_id_contract_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."contract_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_types" ADD CONSTRAINT "contract_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_watchers" ADD CONSTRAINT "contract_watchers_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_watchers" ADD CONSTRAINT "contract_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_preferences" ADD CONSTRAINT "deadline_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_fields" ADD CONSTRAINT "term_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_deadlines_organization_due_idx" ON "contract_deadlines" USING btree ("organization_id","due_on");--> statement-breakpoint
CREATE INDEX "contract_deadlines_due_idx" ON "contract_deadlines" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "contract_terms_organization_type_idx" ON "contract_terms" USING btree ("organization_id","type_id");--> statement-breakpoint
CREATE INDEX "contract_terms_counterparty_idx" ON "contract_terms" USING btree ("organization_id",lower("counterparty_company"));--> statement-breakpoint
CREATE INDEX "contract_terms_tags_idx" ON "contract_terms" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contract_terms_renewal_idx" ON "contract_terms" USING btree ("end_on") WHERE "contract_terms"."renewal" = 'automatic';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_types_organization_name_key" ON "contract_types" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contract_watchers_user_idx" ON "contract_watchers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_preferences_feed_key" ON "deadline_preferences" USING btree ("feed_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_reminders_once_key" ON "deadline_reminders" USING btree ("contract_id","user_id","kind","key","due_on","lead_days");--> statement-breakpoint
CREATE INDEX "deadline_reminders_event_idx" ON "deadline_reminders" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "deadline_reminders_digest_idx" ON "deadline_reminders" USING btree ("user_id") WHERE "deadline_reminders"."digested_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "term_fields_organization_key_key" ON "term_fields" USING btree ("organization_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "term_fields_organization_name_key" ON "term_fields" USING btree ("organization_id",lower("name"));