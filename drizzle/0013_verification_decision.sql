ALTER TABLE "verifications" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "decision_reasons" text[];--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "decided_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "verifications_client_decision_idx" ON "verifications" USING btree ("client_name","decision","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);