-- Campaign list counts and the builder's cache revision (decisions 0004 §5, 0006). Triggers: migrations 0003, 0005, 0009.
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.

-- Keeps campaign_counts equal to the number of campaigns per brand and status.
CREATE OR REPLACE FUNCTION campaign_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE campaign_counts SET n = n - 1 WHERE brand_id = OLD.brand_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO campaign_counts (brand_id, status, n) VALUES (NEW.brand_id, NEW.status, 1)
    ON CONFLICT (brand_id, status) DO UPDATE SET n = campaign_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;

-- campaigns.cache_rev moves on every change to a campaign or to what its builder shows, so a cached builder
-- response keyed by it is never stale, whichever code path wrote.
CREATE OR REPLACE FUNCTION campaigns_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cache_rev := OLD.cache_rev + 1;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION campaign_children_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The engine issues codes and spends budgets of running campaigns, which the builder (open only
  -- while editable) never shows; it marks its transactions so those writes do not queue on the
  -- campaign row to move its cache revision.
  IF current_setting('rally.engine', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'campaign_id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1 WHERE id IN (SELECT DISTINCT campaign_id FROM changed);
  ELSIF TG_ARGV[0] = 'reward_id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1
      WHERE id IN (SELECT r.campaign_id FROM rewards r WHERE r.id IN (SELECT DISTINCT reward_id FROM changed));
  ELSIF TG_ARGV[0] = 'mission_id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1
      WHERE id IN (SELECT cm.campaign_id FROM campaign_missions cm WHERE cm.mission_id IN (SELECT DISTINCT mission_id FROM changed));
  ELSIF TG_ARGV[0] = 'id' THEN
    UPDATE campaigns SET cache_rev = cache_rev + 1
      WHERE id IN (SELECT cm.campaign_id FROM campaign_missions cm WHERE cm.mission_id IN (SELECT DISTINCT id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
