CREATE TABLE "capture_links" (
	"id" text PRIMARY KEY NOT NULL,
	"verification_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"return_url" text,
	"allow_upload" boolean DEFAULT false NOT NULL,
	"created_by_key_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"first_used_at" timestamp (3) with time zone,
	CONSTRAINT "capture_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "capture_links" ADD CONSTRAINT "capture_links_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capture_links" ADD CONSTRAINT "capture_links_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capture_links_verification_idx" ON "capture_links" USING btree ("verification_id");