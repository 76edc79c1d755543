-- The foreign keys of reward_codes to rewards and brands, checked once per statement instead of once per row
-- (decision 0007): a row-by-row check made up four fifths of adding 1,000,000 codes. Same rules: every code's
-- reward and brand exist and stay locked (FOR KEY SHARE) until the transaction ends; deleting a reward or a brand
-- deletes its codes; a reward's id does not change while codes refer to it.
ALTER TABLE "reward_codes" DROP CONSTRAINT "reward_codes_brand_id_brands_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_codes" DROP CONSTRAINT "reward_codes_reward_id_rewards_id_fk";--> statement-breakpoint
CREATE FUNCTION reward_codes_check_keys() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER reward_codes_keys_insert AFTER INSERT ON reward_codes REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION reward_codes_check_keys();--> statement-breakpoint
-- An update that moves a code to another reward or brand (nothing does today) is checked row by row; the trigger
-- is not even queued for the updates that issue codes, which leave both keys out of their SET list.
CREATE FUNCTION reward_codes_check_moved_keys() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER reward_codes_keys_update AFTER UPDATE OF reward_id, brand_id ON reward_codes FOR EACH ROW
  WHEN (OLD.reward_id IS DISTINCT FROM NEW.reward_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id)
  EXECUTE FUNCTION reward_codes_check_moved_keys();--> statement-breakpoint
CREATE FUNCTION reward_codes_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'rewards' THEN
    DELETE FROM reward_codes WHERE reward_id IN (SELECT id FROM gone);
  ELSE
    DELETE FROM reward_codes WHERE brand_id IN (SELECT id FROM gone);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER rewards_codes_cascade AFTER DELETE ON rewards REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION reward_codes_cascade();--> statement-breakpoint
CREATE TRIGGER brands_codes_cascade AFTER DELETE ON brands REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION reward_codes_cascade();--> statement-breakpoint
CREATE FUNCTION rewards_keep_code_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM reward_codes WHERE reward_id = OLD.id) THEN
    RAISE EXCEPTION 'update on table "rewards" violates foreign key constraint "reward_codes_reward_id_rewards_id_fk" on table "reward_codes"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_reward_id_rewards_id_fk', TABLE = 'rewards';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER rewards_keep_code_keys BEFORE UPDATE OF id ON rewards
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION rewards_keep_code_keys();--> statement-breakpoint
CREATE FUNCTION brands_keep_code_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM reward_codes WHERE brand_id = OLD.id) THEN
    RAISE EXCEPTION 'update on table "brands" violates foreign key constraint "reward_codes_brand_id_brands_id_fk" on table "reward_codes"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reward_codes_brand_id_brands_id_fk', TABLE = 'brands';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER brands_keep_code_keys BEFORE UPDATE OF id ON brands
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION brands_keep_code_keys();
