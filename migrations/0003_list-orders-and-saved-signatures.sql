ALTER TABLE "users" ADD COLUMN "saved_signature" "bytea";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "saved_signature_kind" "signature_kind";--> statement-breakpoint
CREATE INDEX "contracts_organization_created_idx" ON "contracts" USING btree ("organization_id","is_template","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_organization_title_idx" ON "contracts" USING btree ("organization_id","is_template",lower("title"),"id");