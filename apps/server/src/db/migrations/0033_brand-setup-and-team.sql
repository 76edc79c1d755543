-- Issue 28: brands created by people (where they are, their clock), invitations by mail with a single-use token kept
-- only as its sha256, and per-day counters for the doors people knock on (brands created, invitation mails sent).
ALTER TABLE "brands" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "accepted_by" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- better-auth's own statuses (canceled, rejected) stay readable; ours are pending, accepted and revoked.
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_status_known" CHECK ("status" in ('pending', 'accepted', 'revoked', 'canceled', 'rejected'));--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
-- One open invitation per address and brand: inviting the address again sends that one anew.
CREATE UNIQUE INDEX "invitations_pending_email_uq" ON "invitations" USING btree ("organization_id",lower("email")) WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_brand_idx" ON "invitations" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "team_daily_counts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_daily_counts_pk" PRIMARY KEY("scope","key","day"),
	CONSTRAINT "team_daily_counts_scope" CHECK ("scope" in ('brand_created', 'invitation_sent'))
);
