-- Issue 28: partner pools. A retailer invites a brand by email; the invitation lives on the partnership row until it
-- is answered. An email that has no brand yet leaves partner_brand_id empty until a brand it manages accepts.
ALTER TABLE "brand_partnerships" ALTER COLUMN "partner_brand_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "invited_email" text;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "invited_by" text;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "responded_by" text;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "removed_by" text;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_status_known" CHECK ("status" in ('pending', 'approved', 'declined', 'removed'));--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_party" CHECK ("partner_brand_id" is not null or "invited_email" is not null);--> statement-breakpoint
CREATE UNIQUE INDEX "brand_partnerships_token_uq" ON "brand_partnerships" USING btree ("token_hash") WHERE "token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_partnerships_email_uq" ON "brand_partnerships" USING btree ("brand_id", lower("invited_email")) WHERE "partner_brand_id" is null;--> statement-breakpoint
CREATE INDEX "brand_partnerships_pending_email_idx" ON "brand_partnerships" USING btree (lower("invited_email")) WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "brand_partnerships_partner_idx" ON "brand_partnerships" USING btree ("partner_brand_id","status");
