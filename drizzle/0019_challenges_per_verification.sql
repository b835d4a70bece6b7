-- A verification may have CHALLENGES_PER_VERIFICATION challenges (src/services/biometrics-service.ts):
-- a new one counts the earlier ones by their verification.
CREATE INDEX "liveness_challenges_verification_idx" ON "liveness_challenges" USING btree ("verification_id");