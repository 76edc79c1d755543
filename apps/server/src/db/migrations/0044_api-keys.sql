-- A brand's API keys for the public API (/api/v1, issue 31, decision 0028): the key's id is public, of its secret only
-- the SHA-256 is kept.
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"replaced_by" text,
	CONSTRAINT "api_keys_scopes_not_empty" CHECK (cardinality("scopes") > 0),
	CONSTRAINT "api_keys_name_length" CHECK (char_length("name") between 1 and 80)
);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_brand_idx" ON "api_keys" USING btree ("brand_id","created_at");--> statement-breakpoint
-- The public API pages a brand's unlocks by id (GET /api/v1/unlocks).
CREATE INDEX "reward_unlocks_brand_id_idx" ON "reward_unlocks" USING btree ("brand_id","id");
