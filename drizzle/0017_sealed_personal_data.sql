ALTER TABLE "audit_events" ALTER COLUMN "actor_role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "response_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "verification_id" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "applicant_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "metadata_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "results_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "decision_note_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "redacted_at" timestamp (3) with time zone;