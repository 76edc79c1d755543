-- A reward's paid budget (decision 0008 §9): its append-only ledger, the slices running campaigns debit from,
-- and the fold that settles the slices when a campaign stops running. Triggers: migrations 0009, 0017, 0020.
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.
--
-- Lock order (decision 0008 "Issuance paths and lock order"): every transaction that locks reward rows or
-- slices of several rewards visits those rewards in ascending id — the engine's issue loop does (its plan lists
-- the rewards that take no budget first, then the budget debits in reward id order: write-completion.ts issueOrder),
-- and so does the fold below — so a debit and a fold cannot wait on each other in a cycle.

-- rewards.budget_spent_cents (settled spend) and the slices' spent_cents are the negated sum of the ledger's rows:
-- each row moves its slice (or, without one, the reward row) in the same statement; the CHECKs keep spent ≤ allotted
-- per slice and spent + allotted ≤ paid per reward, so no debit the paid budget does not cover can commit.
CREATE OR REPLACE FUNCTION reward_budget_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slice IS NULL THEN
    UPDATE rewards SET budget_spent_cents = budget_spent_cents - NEW.amount_cents WHERE id = NEW.reward_id;
  ELSE
    UPDATE reward_budget_slices SET spent_cents = spent_cents - NEW.amount_cents WHERE reward_id = NEW.reward_id AND slice = NEW.slice;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'reward % has no budget slice %', NEW.reward_id, NEW.slice USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION reward_budget_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reward_budget_ledger is append-only: add a correcting entry instead' USING ERRCODE = 'check_violation';
END
$$;

-- Everything spent from a reward's budget: settled on its row plus spent from its slices.
CREATE OR REPLACE FUNCTION reward_budget_spent(rid integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT r.budget_spent_cents + coalesce((SELECT sum(s.spent_cents) FROM reward_budget_slices s WHERE s.reward_id = r.id), 0)::bigint
  FROM rewards r WHERE r.id = rid;
$$;

-- A slice of the reward's budget that covers `amount`, locked until the transaction ends; null when the
-- paid budget does not cover it. The caller then inserts the ledger row naming the slice (its trigger
-- moves the slice's spent). Waits only on the reward row (to hand out a chunk), never on a slice, so
-- concurrent completions do not deadlock.
--
-- Low-stock alert (decision 0031): checked here, where the reward row is locked anyway to hand out a chunk — one
-- comparison of what is not handed out yet with the threshold, and only under it (then the exact figure, a sum over
-- the reward's few slices). A crossing inside a slice's chunk is found when a slice next needs budget: at most a
-- few chunks late (a chunk is 1/64 of what is free, one issue near the end).
CREATE OR REPLACE FUNCTION reward_budget_take(rid integer, amount bigint) RETURNS smallint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  sl smallint;
  free bigint;
  back bigint;
  chunk bigint;
  low bigint;
  alerted boolean;
BEGIN
  SELECT slice INTO sl FROM reward_budget_slices
    WHERE reward_id = rid AND allotted_cents - spent_cents >= amount
    ORDER BY slice LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    RETURN sl;
  END IF;
  -- NO KEY UPDATE: foreign-key checks of concurrent unlocks (KEY SHARE on this row) do not wait for it.
  SELECT budget_paid_cents - budget_spent_cents - budget_allotted_cents, budget_low_threshold_cents, budget_low_alerted
    INTO free, low, alerted FROM rewards WHERE id = rid FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF free < amount THEN
    -- Take back what idle slices hold unspent (slices in use are skipped: their holders may still spend it).
    WITH idle AS (
      SELECT slice, allotted_cents - spent_cents AS unspent FROM reward_budget_slices
      WHERE reward_id = rid AND allotted_cents > spent_cents FOR UPDATE SKIP LOCKED
    ), taken AS (
      UPDATE reward_budget_slices s SET allotted_cents = s.spent_cents FROM idle
      WHERE s.reward_id = rid AND s.slice = idle.slice RETURNING idle.unspent
    )
    SELECT coalesce(sum(unspent), 0) INTO back FROM taken;
    IF back > 0 THEN
      UPDATE rewards SET budget_allotted_cents = budget_allotted_cents - back WHERE id = rid;
      free := free + back;
    END IF;
    IF free < amount THEN
      IF low IS NOT NULL AND NOT alerted AND free < low THEN
        PERFORM reward_budget_low_check(rid, 0);
      END IF;
      RETURN NULL;
    END IF;
  END IF;
  -- About 1/64 of what is free per chunk, in whole issues, so slices hold no slack once the budget runs low.
  chunk := amount * greatest(1, free / amount / 64);
  SELECT slice INTO sl FROM reward_budget_slices
    WHERE reward_id = rid AND allotted_cents - spent_cents < amount
    ORDER BY slice LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE reward_budget_slices SET allotted_cents = allotted_cents + chunk WHERE reward_id = rid AND slice = sl;
  ELSE
    -- Every slice is in use: add one (slices are only added under the reward row's lock).
    SELECT coalesce(max(slice), 0) + 1 INTO sl FROM reward_budget_slices WHERE reward_id = rid;
    INSERT INTO reward_budget_slices (reward_id, slice, allotted_cents) VALUES (rid, sl, chunk);
  END IF;
  UPDATE rewards SET budget_allotted_cents = budget_allotted_cents + chunk WHERE id = rid;
  IF low IS NOT NULL AND NOT alerted AND free - chunk < low THEN
    PERFORM reward_budget_low_check(rid, amount);
  END IF;
  RETURN sl;
END
$$;

-- What is left of the reward's paid budget once `pending` (the debit being made) is spent; under the threshold, the
-- crossing is written (reward_stock_crossed, reward-codes.sql) and the alert marked sent until a payment re-arms it.
-- Called under the reward row's lock.
CREATE OR REPLACE FUNCTION reward_budget_low_check(rid integer, pending bigint) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  r record;
  left_cents bigint;
BEGIN
  SELECT brand_id, campaign_id, budget_paid_cents, budget_low_threshold_cents AS low INTO r FROM rewards WHERE id = rid;
  left_cents := r.budget_paid_cents - reward_budget_spent(rid) - pending;
  IF left_cents < r.low THEN
    UPDATE rewards SET budget_low_alerted = true WHERE id = rid;
    PERFORM reward_stock_crossed(r.brand_id, r.campaign_id, rid, 'budget', r.low, greatest(left_cents, 0));
  END IF;
END
$$;

-- Trigger rewards_budget_low_rearm (migration 0047), on a change of the paid budget or the threshold of a reward whose
-- alert went out: re-armed once what is left is at the threshold again (or the threshold is gone).
CREATE OR REPLACE FUNCTION reward_budget_low_rearm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.budget_low_threshold_cents IS NULL
     OR NEW.budget_paid_cents - NEW.budget_spent_cents
        - coalesce((SELECT sum(s.spent_cents) FROM reward_budget_slices s WHERE s.reward_id = NEW.id), 0) >= NEW.budget_low_threshold_cents THEN
    NEW.budget_low_alerted := false;
  END IF;
  RETURN NEW;
END
$$;

-- When a campaign stops running (trigger campaigns_budget_fold) or billing returns its unspent budget, its slices
-- are folded back into the reward rows: budget_spent_cents is then the whole spend again and nothing stays
-- allotted. Reward by reward in ascending id (the order the engine visits them in), it locks the reward row
-- and then its slices, waiting for debits in flight to commit; a debit that starts after the fold finds the
-- slices empty and goes to the reward row, which the fold's transaction holds until it commits.
CREATE OR REPLACE FUNCTION reward_budget_fold_campaign(cmp integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  rid integer;
  sp numeric;
  al numeric;
BEGIN
  FOR rid IN
    SELECT r.id FROM rewards r
    WHERE r.campaign_id = cmp AND EXISTS (SELECT 1 FROM reward_budget_slices s WHERE s.reward_id = r.id)
    ORDER BY r.id
  LOOP
    PERFORM 1 FROM rewards WHERE id = rid FOR NO KEY UPDATE;
    PERFORM 1 FROM reward_budget_slices WHERE reward_id = rid ORDER BY slice FOR UPDATE;
    SELECT coalesce(sum(spent_cents), 0), coalesce(sum(allotted_cents), 0) INTO sp, al FROM reward_budget_slices WHERE reward_id = rid;
    IF sp <> 0 OR al <> 0 THEN
      UPDATE rewards SET budget_spent_cents = budget_spent_cents + sp, budget_allotted_cents = budget_allotted_cents - al WHERE id = rid;
      -- Kept (emptied), so a slice number in the ledger names one slice for good.
      UPDATE reward_budget_slices SET allotted_cents = 0, spent_cents = 0 WHERE reward_id = rid AND (allotted_cents <> 0 OR spent_cents <> 0);
    END IF;
  END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION reward_budget_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reward_budget_fold_campaign(NEW.id);
  RETURN NULL;
END
$$;
