-- Participant-keyed indexes of completions and reward_unlocks skip the rows of the other kind of participant (and
-- unlocks without a code): every store user's row used to add a null entry to the consumer indexes, and every money
-- unlock one to the code index — entries no query looks up, all landing on the same few leaf pages that every
-- completion in flight then wrote to (docs/decisions/0008 §16). A lookup by a participant or a code (col = value) implies
-- col is not null, so the planner uses these partial indexes wherever it used the full ones.
DROP INDEX "completions_user_mission_idx";--> statement-breakpoint
DROP INDEX "completions_consumer_mission_idx";--> statement-breakpoint
DROP INDEX "completions_store_mission_idx";--> statement-breakpoint
DROP INDEX "reward_unlocks_code_uq";--> statement-breakpoint
DROP INDEX "reward_unlocks_user_idx";--> statement-breakpoint
DROP INDEX "reward_unlocks_consumer_idx";--> statement-breakpoint
CREATE INDEX "completions_user_mission_idx" ON "completions" USING btree ("store_user_id","campaign_mission_id","status") WHERE "completions"."store_user_id" is not null;--> statement-breakpoint
CREATE INDEX "completions_consumer_mission_idx" ON "completions" USING btree ("consumer_id","campaign_mission_id","status") WHERE "completions"."consumer_id" is not null;--> statement-breakpoint
CREATE INDEX "completions_store_mission_idx" ON "completions" USING btree ("store_id","campaign_mission_id") WHERE "completions"."store_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_unlocks_code_uq" ON "reward_unlocks" USING btree ("code_id") WHERE "reward_unlocks"."code_id" is not null;--> statement-breakpoint
CREATE INDEX "reward_unlocks_user_idx" ON "reward_unlocks" USING btree ("store_user_id","reward_id") WHERE "reward_unlocks"."store_user_id" is not null;--> statement-breakpoint
CREATE INDEX "reward_unlocks_consumer_idx" ON "reward_unlocks" USING btree ("consumer_id","reward_id") WHERE "reward_unlocks"."consumer_id" is not null;