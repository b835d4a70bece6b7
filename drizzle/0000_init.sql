CREATE TYPE "public"."api_key_role" AS ENUM('admin', 'service', 'readonly', 'auditor');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"role" "api_key_role" NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"webhook_url" text,
	"webhook_secret" text,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"client_name" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_client_name_key_pk" PRIMARY KEY("client_name","key")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"client_name" text NOT NULL,
	"created_by_key_id" text NOT NULL,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"client_reference" text,
	"checks" text[] NOT NULL,
	"applicant" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checks_results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_active_idx" ON "api_keys" USING btree ("created_at","id") WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "verifications_client_created_idx" ON "verifications" USING btree ("client_name","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_created_idx" ON "verifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_pending_expiry_idx" ON "verifications" USING btree ("expires_at") WHERE "verifications"."status" = 'pending';