ALTER TABLE "api_keys" ADD COLUMN "webhook_secret_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_webhook_secret_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_webhook_secret_until" timestamp (3) with time zone;