-- The engine's write path in one statement (docs/decisions/0008, "Issuance in two round trips").
-- The rules (grading, which rewards, how many, what amount) stay in packages/domain: Node reads the
-- participant's state with engine_state, applies the rules, and sends the resulting plan here. This
-- function takes the participant's lock, re-reads the same state and writes only if it is unchanged
-- (else it answers 'stale' and Node plans again), so the plan is exactly what the rules give now.
-- Called outside an explicit transaction, the statement is the transaction: a budget row locked by a
-- debit is released at its commit without a round trip to Node in between.

-- Serialises everything that reads a participant's state in a campaign and then writes unlocks from
-- it (the engine, and any review that accepts a completion).
CREATE OR REPLACE FUNCTION engine_lock_participant(campaign_id integer, participant_kind text, participant_id integer)
RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(campaign_id, CASE WHEN participant_kind = 'consumer' THEN -participant_id ELSE participant_id END);
$$;
--> statement-breakpoint
-- What the rules read: entries used on the mission (by me, by my store) and, per reward in the
-- spec's order, my accepted completions in its scope that meet its filter, their sales total and
-- the unlocks I have of it. s: {campaignId, campaignMissionId, pkind, pid, storeId, withMine,
-- withStore, rewards: [{id, missionId|null, itemIds|null, minSingle|null}]}.
CREATE OR REPLACE FUNCTION engine_state(s jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  pid_u integer := CASE WHEN s->>'pkind' = 'consumer' THEN NULL ELSE (s->>'pid')::integer END;
  pid_c integer := CASE WHEN s->>'pkind' = 'consumer' THEN (s->>'pid')::integer END;
  cmp integer := (s->>'campaignId')::integer;
  cmi integer := (s->>'campaignMissionId')::integer;
  mine bigint := 0;
  my_store bigint := 0;
  per_reward jsonb;
BEGIN
  IF (s->>'withMine')::boolean THEN
    SELECT count(*) INTO mine FROM completions c
      WHERE (c.store_user_id = pid_u OR c.consumer_id = pid_c) AND c.campaign_mission_id = cmi AND c.status <> 'rejected';
  END IF;
  IF (s->>'withStore')::boolean THEN
    SELECT count(*) INTO my_store FROM completions c
      WHERE c.store_id = (s->>'storeId')::integer AND c.campaign_mission_id = cmi AND c.status <> 'rejected';
  END IF;
  WITH h AS MATERIALIZED (
    SELECT c.sales_amount_cents AS sales, c.items_sold, m.mission_id
    FROM completions c JOIN campaign_missions m ON m.id = c.campaign_mission_id
    WHERE (c.store_user_id = pid_u OR c.consumer_id = pid_c) AND c.campaign_id = cmp
      AND c.status = 'accepted' AND c.passed IS NOT FALSE
  ), r AS (
    SELECT x.ord, x.value->>'id' AS id, (x.value->>'missionId')::integer AS mission_id,
      CASE WHEN jsonb_typeof(x.value->'itemIds') = 'array'
        THEN ARRAY(SELECT jsonb_array_elements_text(x.value->'itemIds')::integer) END AS item_ids,
      (x.value->>'minSingle')::bigint AS min_single
    FROM jsonb_array_elements(s->'rewards') WITH ORDINALITY AS x(value, ord)
  )
  SELECT coalesce(jsonb_agg(jsonb_build_array(
    (SELECT count(*) FROM h WHERE (r.mission_id IS NULL OR h.mission_id = r.mission_id)
       AND (r.item_ids IS NULL OR EXISTS (SELECT 1 FROM jsonb_array_elements(h.items_sold) e WHERE (e->>'itemId')::integer = ANY (r.item_ids)))
       AND (r.min_single IS NULL OR h.sales >= r.min_single)),
    (SELECT coalesce(sum(h.sales), 0) FROM h WHERE r.mission_id IS NULL OR h.mission_id = r.mission_id),
    (SELECT count(*) FROM reward_unlocks u WHERE (u.store_user_id = pid_u OR u.consumer_id = pid_c) AND u.reward_id = r.id::integer)
  ) ORDER BY r.ord), '[]'::jsonb)
  INTO per_reward FROM r;
  RETURN jsonb_build_object('mine', mine, 'myStore', my_store, 'rewards', per_reward);
END
$$;
--> statement-breakpoint
-- Records a completion and executes its plan. a: {brandId, campaignId, campaignMissionId, pkind, pid,
-- storeId, participantKey, idempotencyKey, requestHash, status, sales, itemsSold, answers,
-- receiptUploadId, score, passed, lockStore, contest, spec, expected, plan: [{rewardId, n, kind:
-- code|prize|plain, amount}], statics: {rewardId: fields of its unlock}, completion, entriesLeft}.
-- Answers {outcome: inactive | stale | existing (requestHash, response) | done (response, touched)}.
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
BEGIN
  -- Code claims and budget debits of a running campaign do not move the builder's cache revision (migration 0009).
  PERFORM set_config('rally.engine', 'on', true);
  PERFORM engine_lock_participant(cmp, a->>'pkind', (a->>'pid')::integer);
  IF (a->>'lockStore')::boolean THEN
    PERFORM pg_advisory_xact_lock(cmi, -1000000000 - (a->>'storeId')::integer);
  END IF;
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
  -- Code rewards first, budgets last (Node orders the plan): a budget row is held the shortest time.
  FOR item IN SELECT * FROM jsonb_to_recordset(a->'plan') AS x("rewardId" integer, n integer, kind text, amount bigint) LOOP
    FOR i IN 1..item.n LOOP
      IF item.amount > 0 THEN
        touched := true;
        -- Locks the reward row only while its paid budget covers the amount (re-checked after a wait).
        PERFORM 1 FROM rewards WHERE id = item."rewardId" AND budget_paid_cents - budget_spent_cents >= item.amount FOR UPDATE;
        EXIT WHEN NOT FOUND;
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
          INSERT INTO reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id)
          VALUES (brand, item."rewardId", -item.amount, cid, uid);
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
          INSERT INTO reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id)
          VALUES (brand, item."rewardId", -item.amount, cid, uid);
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
