ALTER TABLE "campaigns" ADD COLUMN "start_blocked" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_start_blocked_reason" CHECK (start_blocked in ('budget_unpaid'));