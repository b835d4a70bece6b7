-- What start-up still has to do (decide verifications finished before 0013, seal what was written in
-- clear before 0017) was found by scanning whole tables at every start, a cost that grew with them.
-- Each set now has a partial index that is empty once its work is done
-- (src/db/schema.ts holds the predicates that the start-up queries use).
CREATE INDEX "idempotency_keys_clear_response_idx" ON "idempotency_keys" USING btree ("client_name","key") WHERE "idempotency_keys"."response" is not null;--> statement-breakpoint
CREATE INDEX "verifications_undecided_idx" ON "verifications" USING btree ("id") WHERE "verifications"."status" in ('completed', 'failed') and "verifications"."decision" is null;--> statement-breakpoint
CREATE INDEX "verifications_clear_personal_idx" ON "verifications" USING btree ("id") WHERE "verifications"."redacted_at" is null and (jsonb_typeof("verifications"."applicant") = 'object' or "verifications"."metadata" <> '{}'::jsonb or "verifications"."decision_note" is not null or jsonb_typeof("verifications"."checks_results" #> '{document,details,mrz}') = 'object' or jsonb_typeof("verifications"."checks_results" #> '{identity,details,holder}') = 'object');