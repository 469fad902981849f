ALTER TYPE "public"."event_type" ADD VALUE 'contract.file_added' BEFORE 'contract.restored';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.file_removed' BEFORE 'contract.restored';--> statement-breakpoint
CREATE TABLE "contract_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"form_field_count" integer DEFAULT 0 NOT NULL,
	"signature_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "text_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_files_contract_idx" ON "contract_files" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "contract_files_sha256_idx" ON "contract_files" USING btree ("sha256");--> statement-breakpoint
-- File chunks are PDFs, already compressed: storing them as they are spares the server a futile try.
ALTER TABLE "file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
