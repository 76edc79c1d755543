-- A campaign's money rows outlive it (issue 29, decision 0021): deleting a draft refunds what it held and then deletes
-- it, and the append-only wallet ledger and invoice lines keep naming the campaign and reward they moved money for.
-- Their foreign keys' ON DELETE SET NULL was an UPDATE of those rows, which the append-only triggers refused (the 400
-- "a value is out of range" on delete); they become plain ids, indexed for "what does this campaign hold, by payer".
ALTER TABLE "wallet_ledger" DROP CONSTRAINT IF EXISTS "wallet_ledger_campaign_id_campaigns_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT IF EXISTS "wallet_ledger_reward_id_rewards_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT IF EXISTS "invoice_lines_campaign_id_campaigns_id_fk";--> statement-breakpoint
CREATE INDEX "wallet_ledger_campaign_idx" ON "wallet_ledger" USING btree ("campaign_id") WHERE "campaign_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_lines_campaign_idx" ON "invoice_lines" USING btree ("campaign_id") WHERE "campaign_id" IS NOT NULL;
