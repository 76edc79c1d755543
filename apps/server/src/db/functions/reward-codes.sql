-- Reward codes (decisions 0007, 0008 §12): the claim, and the foreign keys of reward_codes checked once per statement.
-- Triggers: migration 0019. This file is the one source of these functions: db/sql-sources.ts applies it again
-- whenever it changes.

-- One unclaimed code of a reward claimed for a completion, and its unlock, in one statement: the code row is
-- locked with SKIP LOCKED (concurrent claims take different codes and never wait on each other) and
-- reward_unlocks.code_id is unique, so a code is issued once whatever runs at the same time. The claim starts
-- just past `from_id` (the code this process claimed last: issued codes sit at the head of the id order and the
-- planner cannot know it), and only when nothing is found there looks from the first code — so a code skipped
-- while another transaction held it, or freed by a rollback, is still issued before the reward counts as out of
-- codes. No row when the reward has no code left that no other transaction holds.
-- The claimed row's low_mark (placed by reward_codes_low_arm) says this claim takes the pool under the reward's
-- low-stock threshold: read from the row just locked, so the submit's whole check is that one comparison (decision 0031).
CREATE OR REPLACE FUNCTION reward_code_claim(rid integer, from_id bigint, brand text, cmp integer, pid_u integer, pid_c integer, cid bigint, amount bigint)
RETURNS TABLE (unlock_id bigint, code_id bigint, code text, created_at timestamptz) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  pick bigint;
  marked boolean;
BEGIN
  SELECT rc.id, rc.low_mark INTO pick, marked FROM reward_codes rc
    WHERE rc.reward_id = rid AND rc.issued_at IS NULL AND rc.id > from_id
    ORDER BY rc.id LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF pick IS NULL AND from_id > 0 THEN
    SELECT rc.id, rc.low_mark INTO pick, marked FROM reward_codes rc
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
  IF marked THEN
    PERFORM reward_codes_low_crossed(rid, brand, cmp);
  END IF;
END
$$;

-- Low-stock alerts (decision 0031). A crossing is written where it happens, in the transaction that spends the
-- pool or the budget: one reward_stock_alerts row (the outbox the owners' and admins' mail leaves from after commit)
-- and the brand's `codes.low` / `budget.low` webhook (webhook_enqueue, db/functions/webhooks.sql). A rolled-back
-- spend leaves neither.
CREATE OR REPLACE FUNCTION reward_stock_crossed(brand text, cmp integer, rid integer, kind text, threshold bigint, remaining bigint)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO reward_stock_alerts (brand_id, campaign_id, reward_id, kind, threshold, remaining)
  VALUES (brand, cmp, rid, kind, threshold, remaining);
  PERFORM webhook_enqueue(brand, kind || '.low',
    jsonb_build_object('campaignId', cmp, 'rewardId', rid) || CASE WHEN kind = 'codes'
      THEN jsonb_build_object('thresholdCodes', threshold, 'codesLeft', remaining)
      ELSE jsonb_build_object('thresholdCents', threshold, 'budgetLeftCents', remaining) END,
    NULL);
END
$$;

-- The claim of the marked code took the pool under the threshold: what is left is counted (at most up to the
-- threshold, only at the crossing) and the crossing written once — the mark was on one row, now issued.
CREATE OR REPLACE FUNCTION reward_codes_low_crossed(rid integer, brand text, cmp integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t integer;
  left_n bigint;
BEGIN
  SELECT codes_low_threshold INTO t FROM rewards WHERE id = rid;
  IF t IS NULL THEN
    RETURN;
  END IF;
  SELECT count(*) INTO left_n FROM (SELECT 1 FROM reward_codes WHERE reward_id = rid AND issued_at IS NULL LIMIT t) x;
  PERFORM reward_stock_crossed(brand, cmp, rid, 'codes', t, left_n);
END
$$;

-- Places the reward's low mark on the unissued code whose claim (claims go in id order) leaves threshold - 1 codes,
-- clearing any other: called after codes are added (insertCodes, generated codes) and when the threshold changes.
-- That is the re-arming: a pool refilled to the threshold or above alerts again when it next falls under it; a pool
-- already under it gets no mark (no crossing to report).
CREATE OR REPLACE FUNCTION reward_codes_low_arm(rid integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t integer;
  left_n bigint;
BEGIN
  SELECT codes_low_threshold INTO t FROM rewards WHERE id = rid;
  UPDATE reward_codes SET low_mark = false WHERE reward_id = rid AND low_mark AND issued_at IS NULL;
  IF t IS NULL THEN
    RETURN;
  END IF;
  SELECT count(*) INTO left_n FROM reward_codes WHERE reward_id = rid AND issued_at IS NULL;
  IF left_n < t THEN
    RETURN;
  END IF;
  UPDATE reward_codes SET low_mark = true
    WHERE id = (SELECT id FROM reward_codes WHERE reward_id = rid AND issued_at IS NULL ORDER BY id OFFSET left_n - t LIMIT 1)
      AND issued_at IS NULL;
END
$$;

-- The foreign keys of reward_codes to rewards and brands, checked once per statement instead of once per row
-- (decision 0007): a row-by-row check made up four fifths of adding 1,000,000 codes. Same rules: every code's
-- reward and brand exist and stay locked (FOR KEY SHARE) until the transaction ends; deleting a reward or a brand
-- deletes its codes; a reward's id does not change while codes refer to it.

CREATE OR REPLACE FUNCTION reward_codes_check_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing_reward integer;
  missing_brand text;
BEGIN
  -- As a foreign-key check does for each row: lock what is referred to, then look for what is missing.
  PERFORM 1 FROM rewards r WHERE r.id IN (SELECT DISTINCT reward_id FROM changed) FOR KEY SHARE OF r;
  PERFORM 1 FROM brands b WHERE b.id IN (SELECT DISTINCT brand_id FROM changed) FOR KEY SHARE OF b;
  SELECT c.reward_id INTO missing_reward FROM (SELECT DISTINCT reward_id FROM changed) c
    WHERE NOT EXISTS (SELECT 1 FROM rewards r WHERE r.id = c.reward_id) LIMIT 1;
  IF missing_reward IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "reward_codes" violates foreign key constraint "reward_codes_reward_id_rewards_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_reward_id_rewards_id_fk', TABLE = 'reward_codes',
            DETAIL = format('Key (reward_id)=(%s) is not present in table "rewards".', missing_reward);
  END IF;
  SELECT c.brand_id INTO missing_brand FROM (SELECT DISTINCT brand_id FROM changed) c
    WHERE NOT EXISTS (SELECT 1 FROM brands b WHERE b.id = c.brand_id) LIMIT 1;
  IF missing_brand IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "reward_codes" violates foreign key constraint "reward_codes_brand_id_brands_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_brand_id_brands_id_fk', TABLE = 'reward_codes',
            DETAIL = format('Key (brand_id)=(%s) is not present in table "brands".', missing_brand);
  END IF;
  RETURN NULL;
END
$$;

-- An update that moves a code to another reward or brand (nothing does today) is checked row by row.
CREATE OR REPLACE FUNCTION reward_codes_check_moved_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM rewards r WHERE r.id = NEW.reward_id FOR KEY SHARE OF r;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "reward_codes" violates foreign key constraint "reward_codes_reward_id_rewards_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_reward_id_rewards_id_fk', TABLE = 'reward_codes',
            DETAIL = format('Key (reward_id)=(%s) is not present in table "rewards".', NEW.reward_id);
  END IF;
  PERFORM 1 FROM brands b WHERE b.id = NEW.brand_id FOR KEY SHARE OF b;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "reward_codes" violates foreign key constraint "reward_codes_brand_id_brands_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_brand_id_brands_id_fk', TABLE = 'reward_codes',
            DETAIL = format('Key (brand_id)=(%s) is not present in table "brands".', NEW.brand_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION reward_codes_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'rewards' THEN
    DELETE FROM reward_codes WHERE reward_id IN (SELECT id FROM gone);
  ELSE
    DELETE FROM reward_codes WHERE brand_id IN (SELECT id FROM gone);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION rewards_keep_code_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM reward_codes WHERE reward_id = OLD.id) THEN
    RAISE EXCEPTION 'update on table "rewards" violates foreign key constraint "reward_codes_reward_id_rewards_id_fk" on table "reward_codes"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_reward_id_rewards_id_fk', TABLE = 'rewards';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION brands_keep_code_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM reward_codes WHERE brand_id = OLD.id) THEN
    RAISE EXCEPTION 'update on table "brands" violates foreign key constraint "reward_codes_brand_id_brands_id_fk" on table "reward_codes"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_brand_id_brands_id_fk', TABLE = 'brands';
  END IF;
  RETURN NEW;
END
$$;
