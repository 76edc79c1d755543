-- Per-participant versions of the engine state (docs/decisions/0008 §15).
CREATE TABLE "engine_participant_versions" (
	"campaign_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"participant" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "engine_participant_versions_campaign_id_participant_pk" PRIMARY KEY("campaign_id","participant")
);
--> statement-breakpoint
ALTER TABLE "engine_participant_versions" ADD CONSTRAINT "engine_participant_versions_campaign_brand_fk" FOREIGN KEY ("campaign_id","brand_id") REFERENCES "public"."campaigns"("id","brand_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A participant's version in a campaign moves with every row that changes what engine_state reads of them
-- (docs/decisions/0008 §15): their completions (inserted, deleted, or a status, pass, sale, items, mission or
-- participant changed) and their unlocks (inserted, deleted, or moved to another reward or participant). So a
-- write that finds the version it planned from under the participant's lock knows their history is the one it
-- planned from, and checks that in one index lookup instead of re-reading it (engine_state: 30 % of a submit's
-- function time at 20 completions per participant). A missing row is version 0.
-- A participant's key as completions.participant_key writes it ('u:<store user>' / 'c:<consumer>'); null for neither.
CREATE OR REPLACE FUNCTION engine_participant_key(store_user_id integer, consumer_id integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN store_user_id IS NOT NULL THEN 'u:' || store_user_id ELSE 'c:' || consumer_id END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION engine_participant_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE engine_participant_versions SET version = version + 1
      WHERE campaign_id = OLD.campaign_id
        AND participant = engine_participant_key(OLD.store_user_id, OLD.consumer_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.store_user_id IS NOT NULL OR NEW.consumer_id IS NOT NULL) THEN
    INSERT INTO engine_participant_versions AS v (campaign_id, brand_id, participant)
    VALUES (NEW.campaign_id, NEW.brand_id, engine_participant_key(NEW.store_user_id, NEW.consumer_id))
    ON CONFLICT (campaign_id, participant) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- engine_record_completion moves the version of the participant it writes for once itself (rally.engine_participant).
-- The condition spells engine_participant_key out: a WHEN clause is prepared for every statement that fires it, and
-- inlining the SQL function there (parsing its body each time) cost 6 % of the submit benchmark's throughput.
CREATE TRIGGER completions_engine_moved_on_insert AFTER INSERT ON completions FOR EACH ROW
  WHEN (current_setting('rally.engine_participant', true) IS DISTINCT FROM
        CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END)
  EXECUTE FUNCTION engine_participant_moved();
--> statement-breakpoint
CREATE TRIGGER completions_engine_moved AFTER DELETE OR UPDATE OF campaign_id, campaign_mission_id, store_user_id, consumer_id,
  status, passed, sales_amount_cents, items_sold ON completions FOR EACH ROW EXECUTE FUNCTION engine_participant_moved();
--> statement-breakpoint
CREATE TRIGGER reward_unlocks_engine_moved_on_insert AFTER INSERT ON reward_unlocks FOR EACH ROW
  WHEN (current_setting('rally.engine_participant', true) IS DISTINCT FROM
        CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END)
  EXECUTE FUNCTION engine_participant_moved();
--> statement-breakpoint
CREATE TRIGGER reward_unlocks_engine_moved AFTER DELETE OR UPDATE OF campaign_id, reward_id, store_user_id, consumer_id
  ON reward_unlocks FOR EACH ROW EXECUTE FUNCTION engine_participant_moved();
--> statement-breakpoint
-- Entries used on a mission by a store: what a per-store limit counts, in the state read and in the write's check.
CREATE OR REPLACE FUNCTION engine_store_entries(cmi integer, store integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM completions c WHERE c.store_id = store AND c.campaign_mission_id = cmi AND c.status <> 'rejected';
$$;
--> statement-breakpoint
-- The state now carries the participant's version.
CREATE OR REPLACE FUNCTION engine_state(s jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan SET jit = off AS $$
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
    my_store := engine_store_entries(cmi, (s->>'storeId')::integer);
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
  -- Read in the same snapshot as the history above (a STABLE function's statements share the caller's).
  RETURN jsonb_build_object('mine', mine, 'myStore', my_store, 'rewards', per_reward, 'version', coalesce((
    SELECT v.version FROM engine_participant_versions v
    WHERE v.campaign_id = cmp AND v.participant = engine_participant_key(pid_u, pid_c)), 0));
END
$$;
--> statement-breakpoint
-- The write checks the version (and a store's entries) instead of the whole state, and moves the version.
CREATE OR REPLACE FUNCTION engine_record_completion(a jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan SET jit = off AS $$
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
  ver bigint;
BEGIN
  -- Code claims and budget debits of a running campaign do not move the builder's cache revision (migration 0009);
  -- this participant's rows written below move their version once, at the end, not once per row. One statement.
  PERFORM set_config('rally.engine', 'on', true), set_config('rally.engine_participant', a->>'participantKey', true),
    engine_lock_participant(cmp, a->>'pkind', (a->>'pid')::integer);
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
  -- since Node planned inserts nothing. The participant's version stands for their history (decision 0008 §15);
  -- their store's entries move with every colleague's and are counted.
  WHERE coalesce((SELECT v.version FROM engine_participant_versions v WHERE v.campaign_id = cmp AND v.participant = a->>'participantKey'), 0)
      = (a->'expected'->>'version')::bigint
    AND (NOT (a->'spec'->>'withStore')::boolean OR engine_store_entries(cmi, (a->>'storeId')::integer) = (a->'expected'->>'myStore')::bigint)
  ON CONFLICT (participant_key, idempotency_key) DO NOTHING
  RETURNING id, created_at INTO cid, cat;
  IF cid IS NULL THEN
    PERFORM set_config('rally.engine_participant', '', true);
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
  INSERT INTO engine_participant_versions AS v (campaign_id, brand_id, participant) VALUES (cmp, brand, a->>'participantKey')
    ON CONFLICT (campaign_id, participant) DO UPDATE SET version = v.version + 1
    RETURNING v.version INTO ver;
  PERFORM set_config('rally.engine_participant', '', true);
  answer := jsonb_build_object(
    'completion', (a->'completion') || jsonb_build_object('id', cid, 'createdAt', floor(extract(epoch FROM cat))::bigint),
    'unlocked', unlocked, 'entriesLeft', a->'entriesLeft', 'replayed', false);
  UPDATE completions SET response = answer WHERE id = cid;
  -- The version after this write when nothing else moved it meanwhile (a review's status change that committed
  -- after the check): only then is Node's state after the write the participant's state at that version.
  RETURN jsonb_build_object('outcome', 'done', 'response', answer, 'touched', touched, 'claimed', claimed,
    'version', CASE WHEN ver = (a->'expected'->>'version')::bigint + 1 THEN ver END);
END
$$;
