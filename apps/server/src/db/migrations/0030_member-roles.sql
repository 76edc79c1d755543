-- Issue 28: five roles (owner, admin, campaign_manager, analyst, finance; packages/domain permissions.ts). The old
-- "member" built campaigns without launching them; its nearest new role is campaign_manager.
UPDATE "members" SET "role" = 'campaign_manager' WHERE "role" = 'member';--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "role" SET DEFAULT 'campaign_manager';--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_role_known" CHECK ("role" in ('owner', 'admin', 'campaign_manager', 'analyst', 'finance'));--> statement-breakpoint
UPDATE "invitations" SET "role" = 'campaign_manager' WHERE "role" = 'member';
