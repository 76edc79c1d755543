CREATE TABLE "reward_budget_slices" (
	"reward_id" integer NOT NULL,
	"slice" smallint NOT NULL,
	"allotted_cents" bigint DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reward_budget_slices_reward_id_slice_pk" PRIMARY KEY("reward_id","slice"),
	CONSTRAINT "reward_budget_slices_not_overspent" CHECK ("reward_budget_slices"."spent_cents" >= 0 and "reward_budget_slices"."spent_cents" <= "reward_budget_slices"."allotted_cents")
);
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_budget_not_overspent";--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "budget_allotted_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" ADD COLUMN "slice" smallint;--> statement-breakpoint
ALTER TABLE "reward_budget_slices" ADD CONSTRAINT "reward_budget_slices_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_budget_not_overspent" CHECK ("rewards"."budget_spent_cents" >= 0 and "rewards"."budget_allotted_cents" >= 0 and "rewards"."budget_spent_cents" + "rewards"."budget_allotted_cents" <= "rewards"."budget_paid_cents");--> statement-breakpoint

-- Budget slices (docs/decisions/0008 §9). Every money debit used to lock the reward row and hold it until
-- its transaction's commit was flushed to disk, so all completions of a campaign queued on that row one
-- WAL flush at a time. Now a running reward's paid budget is handed out in chunks to slices; a debit
-- locks one slice no other transaction holds (SKIP LOCKED) and only falls back to the reward row to hand
-- out the next chunk. Exactness is by constraint: a slice never spends more than its allotment, the row
-- never allots more than was paid; the ledger says which slice each debit came from.
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
--> statement-breakpoint
-- Everything spent from a reward's budget: settled on its row plus spent from its slices.
CREATE OR REPLACE FUNCTION reward_budget_spent(rid integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT r.budget_spent_cents + coalesce((SELECT sum(s.spent_cents) FROM reward_budget_slices s WHERE s.reward_id = r.id), 0)::bigint
  FROM rewards r WHERE r.id = rid;
$$;
--> statement-breakpoint
-- A slice of the reward's budget that covers `amount`, locked until the transaction ends; null when the
-- paid budget does not cover it. The caller then inserts the ledger row naming the slice (its trigger
-- moves the slice's spent). Waits only on the reward row (to hand out a chunk), never on a slice, so
-- concurrent completions do not deadlock; the campaign row is held FOR SHARE by the caller, so the fold
-- below never runs while a debit is in flight.
CREATE OR REPLACE FUNCTION reward_budget_take(rid integer, amount bigint) RETURNS smallint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  sl smallint;
  free bigint;
  back bigint;
  chunk bigint;
BEGIN
  SELECT slice INTO sl FROM reward_budget_slices
    WHERE reward_id = rid AND allotted_cents - spent_cents >= amount
    ORDER BY slice LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    RETURN sl;
  END IF;
  -- NO KEY UPDATE: foreign-key checks of concurrent unlocks (KEY SHARE on this row) do not wait for it.
  SELECT budget_paid_cents - budget_spent_cents - budget_allotted_cents INTO free FROM rewards WHERE id = rid FOR NO KEY UPDATE;
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
  RETURN sl;
END
$$;
--> statement-breakpoint
-- When a campaign stops running, its slices are folded back into the reward rows: budget_spent_cents is
-- then the whole spend again (what billing returns the unspent budget from) and nothing stays allotted.
-- No debit is in flight: the engine holds the campaign row FOR SHARE, which this UPDATE waited for.
CREATE OR REPLACE FUNCTION reward_budget_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT s.reward_id, sum(s.spent_cents) AS spent, sum(s.allotted_cents) AS allotted
    FROM reward_budget_slices s JOIN rewards r ON r.id = s.reward_id
    WHERE r.campaign_id = NEW.id GROUP BY s.reward_id
  )
  UPDATE rewards r SET budget_spent_cents = r.budget_spent_cents + s.spent, budget_allotted_cents = r.budget_allotted_cents - s.allotted
  FROM s WHERE r.id = s.reward_id;
  -- Kept (emptied), so a slice number in the ledger names one slice for good.
  UPDATE reward_budget_slices s SET allotted_cents = 0, spent_cents = 0
  FROM rewards r WHERE r.id = s.reward_id AND r.campaign_id = NEW.id AND (s.allotted_cents <> 0 OR s.spent_cents <> 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_budget_fold AFTER UPDATE OF status ON campaigns FOR EACH ROW
  WHEN (OLD.status = 'active' AND NEW.status IS DISTINCT FROM 'active') EXECUTE FUNCTION reward_budget_fold();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_record_completion(a jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  brand text := a->>'brandId';
  cmp integer := (a->>'campaignId')::integer;
  cmi integer := (a->>'campaignMissionId')::integer;
  pid_u integer := CASE WHEN a->>'pkind' = 'consumer' THEN NULL ELSE (a->>'pid')::integer END;
  pid_c integer := CASE WHEN a->>'pkind' = 'consumer' THEN (a->>'pid')::integer END;
  st text;
  cid bigint;
  cat timestamptz;
  first_hash text;
  first_response jsonb;
  item record;
  i integer;
  uid bigint;
  ucode text;
  ucode_id bigint;
  uat timestamptz;
  unlocked jsonb := '[]'::jsonb;
  touched boolean := false;
  answer jsonb;
  sl smallint;
BEGIN
  -- Code claims and budget debits of a running campaign do not move the builder's cache revision (migration 0009).
  PERFORM set_config('rally.engine', 'on', true);
  PERFORM engine_lock_participant(cmp, a->>'pkind', (a->>'pid')::integer);
  IF (a->>'lockStore')::boolean THEN
    PERFORM pg_advisory_xact_lock(cmi, -1000000000 - (a->>'storeId')::integer);
  END IF;
  -- FOR SHARE: a campaign that stops running (its budget slices folded back, unspent budget returned)
  -- waits for the completions in flight, and the next ones see it stopped.
  SELECT status INTO st FROM campaigns WHERE id = cmp FOR SHARE;
  IF st IS DISTINCT FROM 'active' THEN
    RETURN jsonb_build_object('outcome', 'inactive');
  END IF;
  INSERT INTO completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, consumer_id, status,
    sales_amount_cents, items_sold, answers, receipt_upload_id, score, passed, participant_key, idempotency_key, request_hash)
  SELECT brand, cmp, cmi, pid_u, (a->>'storeId')::integer, pid_c, (a->>'status')::completion_status,
    (a->>'sales')::bigint, a->'itemsSold', CASE WHEN jsonb_typeof(a->'answers') = 'null' THEN NULL ELSE a->'answers' END,
    a->>'receiptUploadId', (a->>'score')::integer, (a->>'passed')::boolean, a->>'participantKey', a->>'idempotencyKey', a->>'requestHash'
  -- The state check sees committed rows only, so it runs before this row exists; a state that moved
  -- since Node planned inserts nothing.
  WHERE engine_state(a->'spec') = a->'expected'
  ON CONFLICT (participant_key, idempotency_key) DO NOTHING
  RETURNING id, created_at INTO cid, cat;
  IF cid IS NULL THEN
    SELECT request_hash, response INTO first_hash, first_response FROM completions
      WHERE participant_key = a->>'participantKey' AND idempotency_key = a->>'idempotencyKey';
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'existing', 'requestHash', first_hash, 'response', first_response);
    END IF;
    RETURN jsonb_build_object('outcome', 'stale');
  END IF;
  IF (a->>'contest')::boolean THEN
    INSERT INTO contest_scores (brand_id, campaign_mission_id, store_user_id, store_id, submissions, sales_amount_cents, last_at)
    VALUES (brand, cmi, pid_u, (a->>'storeId')::integer, 1, (a->>'sales')::bigint, now())
    ON CONFLICT (campaign_mission_id, store_user_id) DO UPDATE
      SET submissions = contest_scores.submissions + 1,
          sales_amount_cents = contest_scores.sales_amount_cents + excluded.sales_amount_cents,
          last_at = now();
  END IF;
  -- Code rewards first, budgets last (Node orders the plan): a budget slice is held the shortest time.
  FOR item IN SELECT * FROM jsonb_to_recordset(a->'plan') AS x("rewardId" integer, n integer, kind text, amount bigint) LOOP
    FOR i IN 1..item.n LOOP
      sl := NULL;
      IF item.amount > 0 THEN
        touched := true;
        -- A budget slice that covers the amount, held until this statement's commit (decision 0008 §9).
        sl := reward_budget_take(item."rewardId", item.amount);
        EXIT WHEN sl IS NULL;
      END IF;
      IF item.kind = 'code' THEN
        touched := true;
        uid := NULL;
        WITH picked AS (
          SELECT id FROM reward_codes WHERE reward_id = item."rewardId" AND issued_at IS NULL
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
        ), issued AS (
          UPDATE reward_codes rc SET issued_at = now(), issued_to_store_user_id = pid_u, issued_to_consumer_id = pid_c
          FROM picked WHERE rc.id = picked.id RETURNING rc.id, rc.code
        ), unlock AS (
          INSERT INTO reward_unlocks (brand_id, campaign_id, reward_id, store_user_id, consumer_id, completion_id, code_id, amount_cents, status)
          SELECT brand, cmp, item."rewardId", pid_u, pid_c, cid, issued.id, item.amount, 'issued' FROM issued
          RETURNING id, code_id, created_at
        )
        SELECT unlock.id, issued.code, unlock.created_at INTO uid, ucode, uat FROM unlock JOIN issued ON issued.id = unlock.code_id;
        EXIT WHEN uid IS NULL;
        IF item.amount > 0 THEN
          -- A gift card's value leaves the budget with its code: a ledger row for the same unlock.
          INSERT INTO reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id, slice)
          VALUES (brand, item."rewardId", -item.amount, cid, uid, sl);
        END IF;
        unlocked := unlocked || jsonb_build_array((a->'statics'->(item."rewardId"::text)) || jsonb_build_object(
          'unlockId', uid, 'completionId', cid, 'status', 'issued', 'code', ucode, 'amountCents', item.amount, 'createdAt', floor(extract(epoch FROM uat))::bigint));
      ELSE
        INSERT INTO reward_unlocks (brand_id, campaign_id, reward_id, store_user_id, consumer_id, completion_id, amount_cents, status)
        VALUES (brand, cmp, item."rewardId", pid_u, pid_c, cid, CASE WHEN item.kind = 'prize' THEN NULL ELSE item.amount END,
          (CASE WHEN item.kind = 'prize' THEN 'awaiting_assignment' ELSE 'issued' END)::unlock_status)
        RETURNING id, created_at INTO uid, uat;
        IF item.amount > 0 AND item.kind <> 'prize' THEN
          -- The ledger's trigger moves rewards.budget_spent_cents; its CHECK keeps spent ≤ paid.
          INSERT INTO reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id, slice)
          VALUES (brand, item."rewardId", -item.amount, cid, uid, sl);
        END IF;
        unlocked := unlocked || jsonb_build_array((a->'statics'->(item."rewardId"::text)) || jsonb_build_object(
          'unlockId', uid, 'completionId', cid, 'status', CASE WHEN item.kind = 'prize' THEN 'awaiting_assignment' ELSE 'issued' END, 'code', NULL,
          'amountCents', CASE WHEN item.kind = 'prize' THEN NULL ELSE item.amount END, 'createdAt', floor(extract(epoch FROM uat))::bigint));
      END IF;
    END LOOP;
  END LOOP;
  answer := jsonb_build_object(
    'completion', (a->'completion') || jsonb_build_object('id', cid, 'createdAt', floor(extract(epoch FROM cat))::bigint),
    'unlocked', unlocked, 'entriesLeft', a->'entriesLeft', 'replayed', false);
  UPDATE completions SET response = answer WHERE id = cid;
  RETURN jsonb_build_object('outcome', 'done', 'response', answer, 'touched', touched);
END
$$;
