-- Store staff managed from the dashboard (issue 30): invited, imported, moved, deactivated. Decision 0024.
-- A person is one row per brand, found by address whatever its case: re-importing a list updates, never duplicates.
CREATE UNIQUE INDEX "store_users_brand_email_uq" ON "store_users" USING btree ("brand_id", lower("email")) WHERE "email" IS NOT NULL;--> statement-breakpoint
-- 'pending' waits for approval (join by store code), 'rejected' was refused, 'inactive' was deactivated: only
-- 'active' people sign in to /play, count in stores.total_users and are reached by campaigns.
ALTER TABLE "store_users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_status" CHECK ("status" in ('active', 'pending', 'inactive', 'rejected'));--> statement-breakpoint
-- Stored as 'employee' (shown and imported as "staff") or 'manager', as the demo data and benchmarks already write.
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_role" CHECK ("role" in ('employee', 'manager'));--> statement-breakpoint
-- The person's language for mails and /play (en, es, fr); null: the language of whoever invited them.
ALTER TABLE "store_users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_locale" CHECK ("locale" in ('en', 'es', 'fr'));--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A store's staff list: by status, then name.
CREATE INDEX "store_users_store_status_name_idx" ON "store_users" USING btree ("store_id", "status", "name", "id");
