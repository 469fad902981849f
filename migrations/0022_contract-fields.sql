CREATE TYPE "public"."field_type" AS ENUM('signature', 'initials', 'name', 'email', 'company', 'title', 'dateSigned', 'text', 'date', 'checkbox', 'radio', 'dropdown', 'image');--> statement-breakpoint
CREATE TABLE "contract_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"type" "field_type" NOT NULL,
	"signer" integer,
	"required" boolean DEFAULT true NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"value" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_fields" ADD CONSTRAINT "contract_fields_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_fields" ADD CONSTRAINT "contract_fields_file_id_contract_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."contract_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_fields_contract_idx" ON "contract_fields" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_fields_file_idx" ON "contract_fields" USING btree ("file_id");