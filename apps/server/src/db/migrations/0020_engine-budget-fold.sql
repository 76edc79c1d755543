-- Folding a campaign's budget slices back into its reward rows (docs/decisions/0008 §9), as one function:
-- used when the campaign stops running (trigger of migration 0017) and by billing before it returns the
-- unspent budget, which may run before the status changes (ending a campaign by hand). Callers hold the
-- campaign row (FOR UPDATE, or its status update), which the engine's FOR SHARE waits for, so no debit is
-- in flight; the slices are locked first all the same, then summed from what is committed.
CREATE OR REPLACE FUNCTION reward_budget_fold_campaign(cmp integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM reward_budget_slices s JOIN rewards r ON r.id = s.reward_id
    WHERE r.campaign_id = cmp AND (s.allotted_cents <> 0 OR s.spent_cents <> 0)
    ORDER BY s.reward_id, s.slice FOR UPDATE OF s;
  WITH s AS (
    SELECT s.reward_id, sum(s.spent_cents) AS spent, sum(s.allotted_cents) AS allotted
    FROM reward_budget_slices s JOIN rewards r ON r.id = s.reward_id
    WHERE r.campaign_id = cmp GROUP BY s.reward_id
  )
  UPDATE rewards r SET budget_spent_cents = r.budget_spent_cents + s.spent, budget_allotted_cents = r.budget_allotted_cents - s.allotted
  FROM s WHERE r.id = s.reward_id AND (s.spent <> 0 OR s.allotted <> 0);
  -- Kept (emptied), so a slice number in the ledger names one slice for good.
  UPDATE reward_budget_slices s SET allotted_cents = 0, spent_cents = 0
  FROM rewards r WHERE r.id = s.reward_id AND r.campaign_id = cmp AND (s.allotted_cents <> 0 OR s.spent_cents <> 0);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reward_budget_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reward_budget_fold_campaign(NEW.id);
  RETURN NULL;
END
$$;
