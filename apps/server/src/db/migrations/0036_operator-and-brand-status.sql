-- Platform operators (issue 28): granted only from the command line (npm run operator) or OPERATOR_EMAILS, never by sign-up.
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A brand an operator suspended: its members get 403 BRAND_SUSPENDED on brand routes, its campaigns take no entries.
ALTER TABLE "brands" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_status" CHECK ("status" in ('active', 'suspended'));--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" text,
	"operator_name" text NOT NULL,
	"action" text NOT NULL,
	"brand_id" text,
	"brand_name" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "operator_audit_created_idx" ON "operator_audit" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The brand's activity log reads campaign_audit too (one read model): by brand, newest first.
CREATE INDEX "campaign_audit_brand_idx" ON "campaign_audit" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
