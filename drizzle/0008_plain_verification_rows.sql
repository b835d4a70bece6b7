-- Verifications hold data only: the API's JSON is written by the service (Fastify's serialiser from
-- openapi.yaml's schemas), and X-Total-Count counts the matching rows. This drops the JSON texts that
-- triggers wrote into each row (0005, 0007) and the per-client counts that triggers kept (0006).
DROP TRIGGER "verifications_json" ON "verifications";
--> statement-breakpoint
DROP FUNCTION "verifications_json"();
--> statement-breakpoint
ALTER TABLE "verifications" DROP COLUMN "summary_json";
--> statement-breakpoint
ALTER TABLE "verifications" DROP COLUMN "detail_json";
--> statement-breakpoint
ALTER TABLE "verifications" DROP COLUMN "checks_results_json";
--> statement-breakpoint
DROP TRIGGER "verification_counts_insert" ON "verifications";
--> statement-breakpoint
DROP TRIGGER "verification_counts_update" ON "verifications";
--> statement-breakpoint
DROP TRIGGER "verification_counts_delete" ON "verifications";
--> statement-breakpoint
DROP TRIGGER "verification_counts_truncate" ON "verifications";
--> statement-breakpoint
DROP FUNCTION "verification_counts_change"();
--> statement-breakpoint
DROP FUNCTION "verification_counts_truncate"();
--> statement-breakpoint
DROP TABLE "verification_counts";
