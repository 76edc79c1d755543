-- Engine rows are held to their parent's brand by one composite reference each (docs/decisions/0008 §13).
-- Measured at 09:05 UTC on 2026-11-24 (submit benchmark): each completion made 20 foreign-key checks, four of them
-- on the brand row every completion of the brand locks (FOR KEY SHARE, a multixact shared by every transaction in
-- flight); without those four the benchmark ran 14 % faster. A reference (parent id, brand id) → the parent's
-- (id, brand_id) replaces the parent's and the brand's checks with one, and holds more: a row cannot name a
-- parent of another brand. A brand's deletion still reaches every row, through its campaigns and rewards.
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_id_brand_uq" UNIQUE("id","brand_id");
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_id_campaign_brand_uq" UNIQUE("id","campaign_id","brand_id");
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_id_brand_uq" UNIQUE("id","brand_id");
--> statement-breakpoint
-- Added NOT VALID then validated: the check of existing rows takes no lock that stops writes.
ALTER TABLE "completions" ADD CONSTRAINT "completions_campaign_brand_fk" FOREIGN KEY ("campaign_id","brand_id") REFERENCES "public"."campaigns"("id","brand_id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "completions" VALIDATE CONSTRAINT "completions_campaign_brand_fk";
--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" ADD CONSTRAINT "reward_budget_ledger_reward_brand_fk" FOREIGN KEY ("reward_id","brand_id") REFERENCES "public"."rewards"("id","brand_id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" VALIDATE CONSTRAINT "reward_budget_ledger_reward_brand_fk";
--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_reward_campaign_brand_fk" FOREIGN KEY ("reward_id","campaign_id","brand_id") REFERENCES "public"."rewards"("id","campaign_id","brand_id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "reward_unlocks" VALIDATE CONSTRAINT "reward_unlocks_reward_campaign_brand_fk";
--> statement-breakpoint
ALTER TABLE "completions" DROP CONSTRAINT "completions_brand_id_brands_id_fk";
--> statement-breakpoint
ALTER TABLE "completions" DROP CONSTRAINT "completions_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" DROP CONSTRAINT "reward_budget_ledger_brand_id_brands_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" DROP CONSTRAINT "reward_budget_ledger_reward_id_rewards_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_unlocks" DROP CONSTRAINT "reward_unlocks_brand_id_brands_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_unlocks" DROP CONSTRAINT "reward_unlocks_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_unlocks" DROP CONSTRAINT "reward_unlocks_reward_id_rewards_id_fk";
