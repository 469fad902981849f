ALTER TYPE "public"."event_type" ADD VALUE 'contract.created' BEFORE 'contract.sent';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.updated' BEFORE 'contract.sent';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'contract.restored' BEFORE 'contract.sent';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.reminded' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.code_sent' BEFORE 'signer.locked';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'signer.check_passed' BEFORE 'signer.locked';