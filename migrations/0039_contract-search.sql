CREATE TABLE "contract_search" (
	"contract_id" uuid PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"passage" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_search" ADD CONSTRAINT "contract_search_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_search_document_idx" ON "contract_search" USING gin ("document");