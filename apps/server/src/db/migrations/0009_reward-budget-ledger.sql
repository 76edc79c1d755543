-- A reward's budget ledger is append-only and rewards.budget_spent_cents is the negated sum of
-- its rows: each new row moves it in the same statement, and the CHECK
-- rewards_budget_not_overspent (spent ≤ paid) fails any debit the paid budget does not cover.
CREATE OR REPLACE FUNCTION reward_budget_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rewards SET budget_spent_cents = budget_spent_cents - NEW.amount_cents WHERE id = NEW.reward_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reward_budget_ledger_apply AFTER INSERT ON reward_budget_ledger FOR EACH ROW EXECUTE FUNCTION reward_budget_ledger_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reward_budget_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reward_budget_ledger is append-only: add a correcting entry instead' USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER reward_budget_ledger_no_update BEFORE UPDATE ON reward_budget_ledger FOR EACH ROW EXECUTE FUNCTION reward_budget_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER reward_budget_ledger_no_delete BEFORE DELETE ON reward_budget_ledger FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION reward_budget_ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_children_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The engine issues codes and spends budgets of running campaigns, which the builder (open only
  -- while editable) never shows; it marks its transactions so those writes do not queue on the
  -- campaign row to move its cache revision.
  IF current_setting('rally.engine', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'campaign_id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1 WHERE id IN (SELECT DISTINCT campaign_id FROM changed);
  ELSIF TG_ARGV[0] = 'reward_id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1
      WHERE id IN (SELECT r.campaign_id FROM rewards r WHERE r.id IN (SELECT DISTINCT reward_id FROM changed));
  ELSIF TG_ARGV[0] = 'mission_id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1
      WHERE id IN (SELECT cm.campaign_id FROM campaign_missions cm WHERE cm.mission_id IN (SELECT DISTINCT mission_id FROM changed));
  ELSIF TG_ARGV[0] = 'id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1
      WHERE id IN (SELECT cm.campaign_id FROM campaign_missions cm WHERE cm.mission_id IN (SELECT DISTINCT id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
