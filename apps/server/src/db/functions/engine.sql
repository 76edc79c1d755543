-- The engine: how a completion becomes rewards (decision 0008). This file is the one source of these functions:
-- db/sql-sources.ts applies it again whenever it changes, and a test holds the database's bodies equal to it.
-- Triggers that call them: migration 0025 (participant versions).
--
-- Every way a reward reaches a participant goes through engine_issue below — a submit (engine_record_completion),
-- a sale accepted in review (engine_settle_completion), a prize assigned by hand (engine_assign_prize) — and each
-- takes its locks in one order:
--   1. the participant's advisory lock in the campaign (engine_lock_participant), then their store's entries lock on
--      the mission when a per-store limit applies;
--   2. the completion row (inserted, or moved from pending) — its triggers move the participant's version row;
--   3. the campaign's rewards in ascending id: code rows (SKIP LOCKED), budget slices or the reward row;
--   4. the participant's version row, last.
-- The rules (grading, which rewards, how many, what amount) are packages/domain's: Node reads the participant's
-- state (engine_state), applies them, and sends the plan; the write checks the state is still the one planned from.

DROP FUNCTION IF EXISTS engine_lock_participant(integer, text, integer);

-- A participant's key as completions.participant_key writes it ('u:<store user>' / 'c:<consumer>'); null for neither.
-- The triggers' WHEN clauses in migration 0025 spell the same expression out: a WHEN clause is prepared for every
-- statement that fires it, and inlining this function there cost 6 % of the submit benchmark's throughput.
CREATE OR REPLACE FUNCTION engine_participant_key(store_user_id integer, consumer_id integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN store_user_id IS NOT NULL THEN 'u:' || store_user_id ELSE 'c:' || consumer_id END;
$$;

-- The engine's one advisory-lock key space: a bigint of (scope << 32) | (kind << 30) | id, where the scope is a
-- campaign (a participant's lock) or a campaign mission (a store's entries on it), and kind 0 = store user,
-- 1 = consumer, 2 = store. Two locks of different kinds never share a key, whatever their ids; an id that does
-- not fit the 30 bits is refused rather than folded onto another's key. (Other advisory locks in Rally use
-- hashtext() of a name: a 32-bit key, below every engine key, whose scope is at least 1.)
CREATE OR REPLACE FUNCTION engine_lock(scope integer, kind text, id integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k integer := CASE kind WHEN 'store_user' THEN 0 WHEN 'consumer' THEN 1 WHEN 'store' THEN 2 END;
BEGIN
  IF k IS NULL OR scope IS NULL OR scope < 1 OR id IS NULL OR id < 1 OR id >= 1073741824 THEN
    RAISE EXCEPTION 'engine lock % % in % is outside the key space', kind, id, scope USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  PERFORM pg_advisory_xact_lock((scope::bigint << 32) | (k::bigint << 30) | id);
END
$$;

-- The locks a participant's write takes, first of all and in this order: the participant's in the campaign, then
-- (a per-store entries limit) their store's on the mission. a: {campaignId, campaignMissionId, pkind, pid, storeId, lockStore}.
CREATE OR REPLACE FUNCTION engine_lock_participant(a jsonb) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM engine_lock((a->>'campaignId')::integer, a->>'pkind', (a->>'pid')::integer);
  IF coalesce((a->>'lockStore')::boolean, false) THEN
    PERFORM engine_lock((a->>'campaignMissionId')::integer, 'store', (a->>'storeId')::integer);
  END IF;
END
$$;

-- A participant's version in a campaign moves with every row that changes what engine_state reads of them: their
-- completions (inserted, deleted, or a status, pass, sale, items, mission or participant changed) and their unlocks
-- (inserted, deleted, or moved to another reward or participant), whoever writes them. So a write that finds, under
-- the participant's lock, the version it planned from knows their history is the one it planned from. A missing row
-- is version 0. The engine's own writes set rally.engine_participant and move the version once themselves.
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

-- Entries used on a mission by a store: what a per-store limit counts, in the state read and in the write's check.
CREATE OR REPLACE FUNCTION engine_store_entries(cmi integer, store integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM completions c WHERE c.store_id = store AND c.campaign_mission_id = cmi AND c.status <> 'rejected';
$$;

-- What the rules read: entries used on the mission (by me, by my store), the participant's version and, per reward in
-- the spec's order, my accepted completions in its scope that meet its filter, their sales total and the unlocks I
-- have of it. s: {campaignId, campaignMissionId, pkind, pid, storeId, withMine, withStore,
-- rewards: [{id, missionId|null, itemIds|null, minSingle|null}]}.
-- The filter ({itemIds, minSingle}: packages/domain qualifyingFilter) is applied by the one expression marked below;
-- engine-state.test.ts holds it equal to the domain's meetsAssignment over generated histories.
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
       -- meets the assignment (domain: meetsAssignment)
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

-- What an accepted completion earns, written under the caller's locks (steps 3 and 4 of the order above are the
-- caller's and this function's): its contest score, and the plan's unlocks — a code claimed, a budget slice
-- debited through the reward's ledger, a prize awaiting assignment (or assigned, for a prize given by hand), a
-- plain issue — each one row tied to the completion (none for a prize by hand). The plan comes in reward id order;
-- an issue stops at the first code or budget that is out. Returns {unlocked, touched, claimed}.
CREATE OR REPLACE FUNCTION engine_issue(a jsonb, cid bigint) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  brand text := a->>'brandId';
  cmp integer := (a->>'campaignId')::integer;
  pid_u integer := CASE WHEN a->>'pkind' = 'consumer' THEN NULL ELSE (a->>'pid')::integer END;
  pid_c integer := CASE WHEN a->>'pkind' = 'consumer' THEN (a->>'pid')::integer END;
  item record;
  i integer;
  uid bigint;
  ucode text;
  ucode_id bigint;
  uat timestamptz;
  ustatus text;
  sl smallint;
  unlocked jsonb := '[]'::jsonb;
  touched boolean := false;
  claimed jsonb := '[]'::jsonb;
BEGIN
  IF coalesce((a->>'contest')::boolean, false) THEN
    INSERT INTO contest_scores (brand_id, campaign_mission_id, store_user_id, store_id, submissions, sales_amount_cents, last_at)
    VALUES (brand, (a->>'campaignMissionId')::integer, pid_u, (a->>'storeId')::integer, 1, (a->>'sales')::bigint, now())
    ON CONFLICT (campaign_mission_id, store_user_id) DO UPDATE
      SET submissions = contest_scores.submissions + 1,
          sales_amount_cents = contest_scores.sales_amount_cents + excluded.sales_amount_cents,
          last_at = now();
  END IF;
  FOR item IN SELECT * FROM jsonb_to_recordset(coalesce(a->'plan', '[]'::jsonb))
      AS x("rewardId" integer, n integer, kind text, amount bigint, "codeFrom" bigint, "assignedBy" text, "assignedStoreId" integer) LOOP
    FOR i IN 1..item.n LOOP
      sl := NULL;
      IF item.amount > 0 THEN
        touched := true;
        -- A budget slice that covers the amount, held until commit (decision 0008 §9).
        sl := reward_budget_take(item."rewardId", item.amount);
        EXIT WHEN sl IS NULL;
      END IF;
      IF item.kind = 'code' THEN
        touched := true;
        uid := NULL;
        SELECT c.unlock_id, c.code_id, c.code, c.created_at INTO uid, ucode_id, ucode, uat
          FROM reward_code_claim(item."rewardId", coalesce(item."codeFrom", 0), brand, cmp, pid_u, pid_c, cid, item.amount) c;
        EXIT WHEN uid IS NULL;
        claimed := claimed || jsonb_build_array(jsonb_build_array(item."rewardId", ucode_id));
        ustatus := 'issued';
      ELSE
        ucode := NULL;
        ustatus := CASE WHEN item.kind <> 'prize' THEN 'issued' WHEN item."assignedBy" IS NULL THEN 'awaiting_assignment' ELSE 'assigned' END;
        INSERT INTO reward_unlocks (brand_id, campaign_id, reward_id, store_user_id, consumer_id, completion_id, amount_cents, status,
          assigned_at, assigned_by, assigned_store_id)
        VALUES (brand, cmp, item."rewardId", pid_u, pid_c, cid, CASE WHEN item.kind = 'prize' THEN NULL ELSE item.amount END,
          ustatus::unlock_status, CASE WHEN ustatus = 'assigned' THEN now() END, item."assignedBy", item."assignedStoreId")
        RETURNING id, created_at INTO uid, uat;
      END IF;
      IF item.amount > 0 AND item.kind <> 'prize' THEN
        -- The ledger's trigger moves the slice's spent; its CHECK keeps spent ≤ allotted. A gift card's value
        -- leaves the budget with its code: a ledger row for the same unlock.
        INSERT INTO reward_budget_ledger (brand_id, reward_id, amount_cents, completion_id, unlock_id, slice)
        VALUES (brand, item."rewardId", -item.amount, cid, uid, sl);
      END IF;
      unlocked := unlocked || jsonb_build_array(coalesce(a->'statics'->(item."rewardId"::text), '{}'::jsonb) || jsonb_build_object(
        'unlockId', uid, 'completionId', cid, 'status', ustatus, 'code', ucode,
        'amountCents', CASE WHEN item.kind = 'prize' THEN NULL ELSE item.amount END, 'createdAt', floor(extract(epoch FROM uat))::bigint));
    END LOOP;
  END LOOP;
  RETURN jsonb_build_object('unlocked', unlocked, 'touched', touched, 'claimed', claimed);
END
$$;

-- A submit: records a completion and issues its plan in one statement, which is its own transaction when called
-- alone, so a budget slice it locks is released at its commit without a round trip to Node in between. Under the
-- participant's locks, and only while their version (and their store's entries, with a per-store limit) still equal
-- `expected`'s: else it writes nothing and answers 'stale', and Node reads the state and plans again.
-- Outcomes: inactive | stale | existing (this Idempotency-Key was used) | done.
CREATE OR REPLACE FUNCTION engine_record_completion(a jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan SET jit = off AS $$
DECLARE
  brand text := a->>'brandId';
  cmp integer := (a->>'campaignId')::integer;
  cmi integer := (a->>'campaignMissionId')::integer;
  st text;
  cid bigint;
  cat timestamptz;
  first_hash text;
  first_response jsonb;
  issued jsonb;
  answer jsonb;
  ver bigint;
BEGIN
  -- Code claims and budget debits of a running campaign do not move the builder's cache revision (migration 0009);
  -- this participant's rows written below move their version once, at the end, not once per row.
  PERFORM set_config('rally.engine', 'on', true), set_config('rally.engine_participant', a->>'participantKey', true),
    engine_lock_participant(a);
  -- Read without a row lock: FOR SHARE on the campaign row made every UPDATE of a running campaign's row (a cache
  -- revision moved by a code import that holds its reward row) wait for the completions in flight while they waited
  -- for that reward row. A fold that ends the campaign meanwhile waits for the debits in flight (reward-budget.sql).
  -- A campaign of a brand an operator suspended takes no entries (issue 28): the one place play learns it.
  SELECT CASE WHEN b.status = 'suspended' THEN 'suspended' ELSE c.status::text END INTO st
    FROM campaigns c JOIN brands b ON b.id = c.brand_id WHERE c.id = cmp;
  IF st IS DISTINCT FROM 'active' THEN
    PERFORM set_config('rally.engine_participant', '', true);
    RETURN jsonb_build_object('outcome', 'inactive');
  END IF;
  INSERT INTO completions (brand_id, campaign_id, campaign_mission_id, store_user_id, store_id, consumer_id, status,
    sales_amount_cents, items_sold, answers, receipt_upload_id, score, passed, participant_key, idempotency_key, request_hash)
  SELECT brand, cmp, cmi, CASE WHEN a->>'pkind' = 'consumer' THEN NULL ELSE (a->>'pid')::integer END, (a->>'storeId')::integer,
    CASE WHEN a->>'pkind' = 'consumer' THEN (a->>'pid')::integer END, (a->>'status')::completion_status,
    (a->>'sales')::bigint, a->'itemsSold', CASE WHEN jsonb_typeof(a->'answers') = 'null' THEN NULL ELSE a->'answers' END,
    a->>'receiptUploadId', (a->>'score')::integer, (a->>'passed')::boolean, a->>'participantKey', a->>'idempotencyKey', a->>'requestHash'
  -- The check sees committed rows only, so it runs before this row exists.
  WHERE coalesce((SELECT v.version FROM engine_participant_versions v WHERE v.campaign_id = cmp AND v.participant = a->>'participantKey'), 0)
      = (a->'expected'->>'version')::bigint
    AND (NOT coalesce((a->>'lockStore')::boolean, false) OR engine_store_entries(cmi, (a->>'storeId')::integer) = (a->'expected'->>'myStore')::bigint)
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
  issued := engine_issue(a, cid);
  INSERT INTO engine_participant_versions AS v (campaign_id, brand_id, participant) VALUES (cmp, brand, a->>'participantKey')
    ON CONFLICT (campaign_id, participant) DO UPDATE SET version = v.version + 1
    RETURNING v.version INTO ver;
  PERFORM set_config('rally.engine_participant', '', true);
  answer := jsonb_build_object(
    'completion', (a->'completion') || jsonb_build_object('id', cid, 'createdAt', floor(extract(epoch FROM cat))::bigint),
    'unlocked', issued->'unlocked', 'entriesLeft', a->'entriesLeft', 'replayed', false);
  UPDATE completions SET response = answer WHERE id = cid;
  -- The version after this write when nothing else moved it meanwhile (a review's status change that committed
  -- after the check): only then is Node's state after the write the participant's state at that version.
  RETURN jsonb_build_object('outcome', 'done', 'response', answer, 'touched', issued->'touched', 'claimed', issued->'claimed',
    'version', CASE WHEN ver = (a->'expected'->>'version')::bigint + 1 THEN ver END);
END
$$;

-- A review's decision on a pending completion (a sale waiting for its receipt), inside the reviewer's transaction:
-- under the participant's lock, the completion leaves pending exactly once (a second accept — a double click, two
-- reviewers, a retried job — changes nothing and issues nothing). An accept is written only at the version its plan
-- was made from (`expected`; else 'stale' and Node plans again) and earns what it would have at submit while its
-- campaign runs; a campaign that ended meanwhile counts it but issues nothing (its budget may be refunded already).
-- Outcomes: unchanged (not pending any more) | stale | done {issued, unlocked, touched, claimed}.
CREATE OR REPLACE FUNCTION engine_settle_completion(a jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan SET jit = off AS $$
DECLARE
  brand text := a->>'brandId';
  cmp integer := (a->>'campaignId')::integer;
  cid bigint := (a->>'completionId')::bigint;
  st text;
  moved bigint;
  issued jsonb;
BEGIN
  PERFORM set_config('rally.engine', 'on', true), engine_lock_participant(a);
  SELECT status INTO st FROM campaigns WHERE id = cmp;
  -- Its trigger moves the participant's version (once: the unlocks below are this participant's engine write).
  UPDATE completions SET status = (a->>'decision')::completion_status
    WHERE id = cid AND brand_id = brand AND status = 'pending'
      AND (jsonb_typeof(a->'expected') IS DISTINCT FROM 'object'
        OR coalesce((SELECT v.version FROM engine_participant_versions v
                     WHERE v.campaign_id = cmp AND v.participant = a->>'participantKey'), 0) = (a->'expected'->>'version')::bigint)
    RETURNING id INTO moved;
  IF moved IS NULL THEN
    IF EXISTS (SELECT 1 FROM completions WHERE id = cid AND brand_id = brand AND status = 'pending') THEN
      RETURN jsonb_build_object('outcome', 'stale');
    END IF;
    RETURN jsonb_build_object('outcome', 'unchanged');
  END IF;
  IF a->>'decision' <> 'accepted' OR st IS DISTINCT FROM 'active' THEN
    RETURN jsonb_build_object('outcome', 'done', 'issued', false, 'unlocked', '[]'::jsonb, 'touched', false, 'claimed', '[]'::jsonb);
  END IF;
  PERFORM set_config('rally.engine_participant', a->>'participantKey', true);
  issued := engine_issue(a, cid);
  PERFORM set_config('rally.engine_participant', '', true);
  RETURN jsonb_build_object('outcome', 'done', 'issued', true) || issued;
END
$$;

-- A prize given to a winner by hand (the leaderboard's assignment): one unlock, assigned, under the participant's
-- lock, through engine_issue. The caller has taken the same lock first (engine_lock_participant) and checked the
-- prize's units under it. a: {brandId, campaignId, pkind, pid, storeId, rewardId, assignedBy, assignedStoreId}.
CREATE OR REPLACE FUNCTION engine_assign_prize(a jsonb) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  issued jsonb;
BEGIN
  PERFORM engine_lock_participant(a);
  issued := engine_issue(a - 'contest' || jsonb_build_object('plan', jsonb_build_array(jsonb_build_object(
    'rewardId', (a->>'rewardId')::integer, 'n', 1, 'kind', 'prize', 'amount', NULL,
    'assignedBy', a->>'assignedBy', 'assignedStoreId', (a->>'assignedStoreId')::integer))), NULL);
  RETURN (issued->'unlocked'->0->>'unlockId')::bigint;
END
$$;
