DROP INDEX "jobs_due_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "concurrency_key" text;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("lane","organization_id","run_at","created_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("lane","organization_id") WHERE "jobs"."status" = 'running';--> statement-breakpoint
-- Jobs queued before lanes: deliveries move to their lane, and unfinished work gets its organization (and endpoint).
UPDATE "jobs" SET "lane" = 'webhooks' WHERE "type" = 'deliver-webhook';--> statement-breakpoint
UPDATE "jobs" SET "organization_id" = e."organization_id", "concurrency_key" = e."id"::text
  FROM "webhook_deliveries" d JOIN "webhook_endpoints" e ON e."id" = d."endpoint_id"
  WHERE "jobs"."type" = 'deliver-webhook' AND "jobs"."status" IN ('queued', 'running')
    AND d."id"::text = "jobs"."payload"->>'deliveryId';--> statement-breakpoint
UPDATE "jobs" SET "organization_id" = m."organization_id" FROM "mail_messages" m
  WHERE "jobs"."type" = 'deliver-mail' AND "jobs"."status" IN ('queued', 'running')
    AND m."id"::text = "jobs"."payload"->>'messageId';--> statement-breakpoint
UPDATE "jobs" SET "organization_id" = ev."organization_id" FROM "events" ev
  WHERE "jobs"."status" IN ('queued', 'running') AND ev."id"::text = "jobs"."payload"->>'eventId';
