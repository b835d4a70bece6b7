CREATE TABLE "liveness_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"verification_id" text NOT NULL,
	"actions" text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "liveness_challenges" ADD CONSTRAINT "liveness_challenges_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;