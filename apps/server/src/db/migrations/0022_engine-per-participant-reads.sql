-- Per-completion reads that no longer grow with the campaign (docs/decisions/0008 §12). Profiled at 04:50 UTC
-- on 2026-11-24 (auto_explain with nested statements over the submit benchmark): two statements of every
-- completion read rows in proportion to the campaign's size, not the participant's.
--  * The code claim walked reward_codes' primary key from the reward's first code and filtered out every code
--    issued so far (12,659 rows per claim after 12,838 issues): the planner cannot know issued codes sit at the
--    head of the id order, so it prefers the primary key to the partial index either way. A claim now starts
--    just past the code this process claimed last (`from_id`, kept in Node), and only when nothing is found
--    there looks from the start — so a code skipped while another transaction held it, or freed by a rollback,
--    is still issued before the reward counts as out of codes.
--  * engine_state's history (my accepted completions in the campaign) intersected my completions with the
--    campaign's whole index (12,758 entries a read in a campaign of that size); it now looks up, mission by
--    mission of the campaign, (participant, campaign mission, status), the index the entries count already uses.

-- One unclaimed code of a reward claimed for a completion, and its unlock: the one claim both the submit
-- (engine_record_completion) and a reviewed sale (issueUnlocks) use. No row when the reward has no code left
-- that no other transaction holds.
CREATE OR REPLACE FUNCTION reward_code_claim(rid integer, from_id bigint, brand text, cmp integer, pid_u integer, pid_c integer, cid bigint, amount bigint)
RETURNS TABLE (unlock_id bigint, code_id bigint, code text, created_at timestamptz) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  pick bigint;
BEGIN
  SELECT rc.id INTO pick FROM reward_codes rc
    WHERE rc.reward_id = rid AND rc.issued_at IS NULL AND rc.id > from_id
    ORDER BY rc.id LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF pick IS NULL AND from_id > 0 THEN
    SELECT rc.id INTO pick FROM reward_codes rc
      WHERE rc.reward_id = rid AND rc.issued_at IS NULL
      ORDER BY rc.id LIMIT 1 FOR UPDATE SKIP LOCKED;
  END IF;
  IF pick IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH issued AS (
    UPDATE reward_codes rc SET issued_at = now(), issued_to_store_user_id = pid_u, issued_to_consumer_id = pid_c
    WHERE rc.id = pick RETURNING rc.id, rc.code
  ), unlock AS (
    INSERT INTO reward_unlocks (brand_id, campaign_id, reward_id, store_user_id, consumer_id, completion_id, code_id, amount_cents, status)
    SELECT brand, cmp, rid, pid_u, pid_c, cid, issued.id, amount, 'issued' FROM issued
    RETURNING reward_unlocks.id, reward_unlocks.code_id, reward_unlocks.created_at
  )
  SELECT unlock.id, issued.id, issued.code, unlock.created_at FROM unlock JOIN issued ON issued.id = unlock.code_id;
END
$$;
--> statement-breakpoint
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
  -- Mission by mission of the campaign: (participant, campaign mission, status) is indexed for either kind of
  -- participant. OFFSET 0 keeps each branch a per-mission lookup; flattened into a join, the planner read all of
  -- the participant's completions in every campaign and filtered them. The branch of the other kind of
  -- participant has a null id and reads nothing.
  WITH h AS MATERIALIZED (
    SELECT c.sales, c.items_sold, m.mission_id FROM campaign_missions m CROSS JOIN LATERAL (
      SELECT c.sales_amount_cents AS sales, c.items_sold FROM completions c
      WHERE c.campaign_mission_id = m.id AND c.store_user_id = pid_u AND c.status = 'accepted' AND c.passed IS NOT FALSE
      UNION ALL
      SELECT c.sales_amount_cents AS sales, c.items_sold FROM completions c
      WHERE c.campaign_mission_id = m.id AND c.consumer_id = pid_c AND c.status = 'accepted' AND c.passed IS NOT FALSE
      OFFSET 0
    ) c
    WHERE m.campaign_id = cmp
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
  claimed jsonb := '[]'::jsonb;
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
  FOR item IN SELECT * FROM jsonb_to_recordset(a->'plan') AS x("rewardId" integer, n integer, kind text, amount bigint, "codeFrom" bigint) LOOP
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
        -- From just past this process's last claim of the reward (decision 0008 §12), not from its first code.
        SELECT c.unlock_id, c.code_id, c.code, c.created_at INTO uid, ucode_id, ucode, uat
          FROM reward_code_claim(item."rewardId", coalesce(item."codeFrom", 0), brand, cmp, pid_u, pid_c, cid, item.amount) c;
        EXIT WHEN uid IS NULL;
        claimed := claimed || jsonb_build_array(jsonb_build_array(item."rewardId", ucode_id));
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
  RETURN jsonb_build_object('outcome', 'done', 'response', answer, 'touched', touched, 'claimed', claimed);
END
$$;
