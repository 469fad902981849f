CREATE TABLE "public_link_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"visitor_name" text NOT NULL,
	"visitor_email" text NOT NULL,
	"ip" text,
	"code_hash" text,
	"code_expires_at" timestamp (3) with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_link_codes" ADD CONSTRAINT "public_link_codes_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_link_codes_link_idx" ON "public_link_codes" USING btree ("link_id","created_at");