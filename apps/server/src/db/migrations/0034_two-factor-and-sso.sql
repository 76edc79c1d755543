-- better-auth's twoFactor plugin: a flag on the user and one row per user holding the TOTP secret and the backup
-- codes (both encrypted by better-auth with AUTH_SECRET), with its failure counter and lock.
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_uq" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
-- An owner may require two-factor of the brand's members who sign in with a password.
ALTER TABLE "brands" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A brand's OpenID Connect provider. The client secret is sent to the provider, so it is kept encrypted
-- (AES-256-GCM, key derived from AUTH_SECRET), never hashed and never answered.
CREATE TABLE "brand_sso_providers" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"default_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_sso_providers_default_role" CHECK ("default_role" in ('admin', 'campaign_manager', 'analyst', 'finance'))
);--> statement-breakpoint
ALTER TABLE "brand_sso_providers" ADD CONSTRAINT "brand_sso_providers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One brand per email domain: the primary key is the (lower-case) domain.
CREATE TABLE "brand_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	CONSTRAINT "brand_sso_domains_lower" CHECK ("domain" = lower("domain"))
);--> statement-breakpoint
ALTER TABLE "brand_sso_domains" ADD CONSTRAINT "brand_sso_domains_brand_id_brand_sso_providers_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand_sso_providers"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_sso_domains_brand_idx" ON "brand_sso_domains" USING btree ("brand_id");--> statement-breakpoint
-- A sign-in sent to the provider and not back yet: keyed by the sha256 of its state, used once, short-lived.
CREATE TABLE "sso_sign_in_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "sso_sign_in_requests" ADD CONSTRAINT "sso_sign_in_requests_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_sign_in_requests_expires_idx" ON "sso_sign_in_requests" USING btree ("expires_at");
