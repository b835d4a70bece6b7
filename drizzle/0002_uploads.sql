CREATE TYPE "public"."upload_kind" AS ENUM('document', 'selfie');--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"verification_id" text NOT NULL,
	"kind" "upload_kind" NOT NULL,
	"document_type" text NOT NULL,
	"front" "bytea",
	"back" "bytea",
	"analysis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"purged_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_verification_idx" ON "uploads" USING btree ("verification_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_retention_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."purged_at" is null;