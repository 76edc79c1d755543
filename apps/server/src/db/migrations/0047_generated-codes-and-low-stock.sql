-- Issue 31, decision 0031: generated codes, low-stock alerts and the public API's consumers.
--
-- Low-stock thresholds on the reward: codes left in its pool, cents left in its paid budget (null: no alert).
ALTER TABLE "rewards" ADD COLUMN "codes_low_threshold" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "budget_low_threshold_cents" bigint;--> statement-breakpoint
-- The budget's alert was sent for the current crossing; cleared when a payment lifts what is left to the threshold.
ALTER TABLE "rewards" ADD COLUMN "budget_low_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_low_thresholds_positive" CHECK (
  ("codes_low_threshold" is null or "codes_low_threshold" between 1 and 1000000)
  and ("budget_low_threshold_cents" is null or "budget_low_threshold_cents" > 0));--> statement-breakpoint
-- The one unissued code whose claim takes the pool under the reward's threshold (reward_codes_low_arm places it):
-- the claim reads it from the row it already locked, so the submit's check is one comparison (decision 0031).
ALTER TABLE "reward_codes" ADD COLUMN "low_mark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "reward_codes_low_mark_idx" ON "reward_codes" USING btree ("reward_id") WHERE "low_mark" and "issued_at" is null;--> statement-breakpoint
-- One row per crossing: the outbox the owners' and admins' mail is sent from after commit (stock-alert jobs).
CREATE TABLE "reward_stock_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_stock_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"kind" text NOT NULL,
	"threshold" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"claimed_until" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_stock_alerts_kind_known" CHECK ("kind" in ('codes', 'budget'))
);--> statement-breakpoint
ALTER TABLE "reward_stock_alerts" ADD CONSTRAINT "reward_stock_alerts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_stock_alerts" ADD CONSTRAINT "reward_stock_alerts_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_stock_alerts_unmailed_idx" ON "reward_stock_alerts" USING btree ("id") WHERE "mailed_at" is null;--> statement-breakpoint
CREATE INDEX "reward_stock_alerts_reward_idx" ON "reward_stock_alerts" USING btree ("reward_id", "id");--> statement-breakpoint
-- A payment (or a new threshold) re-arms the budget's alert when what is left reaches the threshold again. The body is
-- db/functions/reward-budget.sql's (this stub only lets the trigger be created before the sources are applied).
CREATE OR REPLACE FUNCTION reward_budget_low_rearm() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;--> statement-breakpoint
CREATE TRIGGER "rewards_budget_low_rearm" BEFORE UPDATE OF "budget_paid_cents", "budget_low_threshold_cents" ON "rewards"
  FOR EACH ROW WHEN (NEW.budget_low_alerted) EXECUTE FUNCTION reward_budget_low_rearm();--> statement-breakpoint
-- Consumers a brand's systems manage through the public API: their own reference, and deactivation.
ALTER TABLE "consumers" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "consumers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_external_ref_len" CHECK ("external_ref" is null or char_length("external_ref") between 1 and 200);--> statement-breakpoint
-- A deleted account (decision 0027) keeps no claim on its reference: the brand may give it to a new consumer.
CREATE UNIQUE INDEX "consumers_brand_external_ref_uq" ON "consumers" USING btree ("brand_id","external_ref") WHERE "external_ref" is not null and "deleted_at" is null;
