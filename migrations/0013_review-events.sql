ALTER TYPE "public"."event_type" ADD VALUE 'review.sent';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'review.suggested';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'review.decided';