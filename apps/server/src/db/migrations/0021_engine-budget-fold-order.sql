-- Budget slices fold back without the campaign row held FOR SHARE by the engine (docs/decisions/0008 §9).
-- The fold locks, reward by reward in the order every completion visits them (code rewards, prizes, the
-- rest; then by id), the reward row and then its slices, waiting for debits in flight to commit. A debit
-- waits only on reward rows, in that same order, and never on a slice, so the fold and the debits cannot
-- deadlock; a debit that starts after the fold finds the slices empty and goes to the reward row, which the
-- fold's transaction holds until it commits (when billing has capped the paid budget at what was spent).
CREATE OR REPLACE FUNCTION reward_budget_fold_campaign(cmp integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  rid integer;
  sp numeric;
  al numeric;
BEGIN
  FOR rid IN
    SELECT r.id FROM rewards r
    WHERE r.campaign_id = cmp AND EXISTS (SELECT 1 FROM reward_budget_slices s WHERE s.reward_id = r.id)
    ORDER BY CASE WHEN r.type IN ('gift_card', 'free_product', 'discount') THEN 0 WHEN r.type = 'prize' THEN 1 ELSE 2 END, r.id
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
  -- Read without a row lock (as before migration 0017): FOR SHARE made every UPDATE of a running campaign's
  -- row (a cache revision moved by a code import that holds its reward row) wait for the completions in
  -- flight while they waited for that reward row — a deadlock. reward_budget_fold_campaign is safe without it.
  SELECT status INTO st FROM campaigns WHERE id = cmp;
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
