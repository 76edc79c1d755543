-- campaigns.cache_rev moves on every change to a campaign or to what its builder shows,
--> statement-breakpoint
-- so a cached builder response keyed by it is never stale, whichever code path wrote.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaigns_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cache_rev := OLD.cache_rev + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_rev BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION campaigns_bump_rev();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaign_children_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
CREATE TRIGGER campaign_missions_rev_insert AFTER INSERT ON campaign_missions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_missions_rev_update AFTER UPDATE ON campaign_missions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_missions_rev_delete AFTER DELETE ON campaign_missions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER rewards_rev_insert AFTER INSERT ON rewards REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER rewards_rev_update AFTER UPDATE ON rewards REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER rewards_rev_delete AFTER DELETE ON rewards REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_partners_rev_insert AFTER INSERT ON campaign_partners REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_partners_rev_update AFTER UPDATE ON campaign_partners REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_partners_rev_delete AFTER DELETE ON campaign_partners REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('campaign_id');
--> statement-breakpoint
CREATE TRIGGER reward_partners_rev_insert AFTER INSERT ON reward_partners REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('reward_id');
--> statement-breakpoint
CREATE TRIGGER reward_partners_rev_update AFTER UPDATE ON reward_partners REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('reward_id');
--> statement-breakpoint
CREATE TRIGGER reward_partners_rev_delete AFTER DELETE ON reward_partners REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('reward_id');
--> statement-breakpoint
CREATE TRIGGER reward_codes_rev_insert AFTER INSERT ON reward_codes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('reward_id');
--> statement-breakpoint
CREATE TRIGGER reward_codes_rev_update AFTER UPDATE ON reward_codes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('reward_id');
--> statement-breakpoint
CREATE TRIGGER reward_codes_rev_delete AFTER DELETE ON reward_codes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('reward_id');
--> statement-breakpoint
CREATE TRIGGER mission_items_rev_insert AFTER INSERT ON mission_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('mission_id');
--> statement-breakpoint
CREATE TRIGGER mission_items_rev_update AFTER UPDATE ON mission_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('mission_id');
--> statement-breakpoint
CREATE TRIGGER mission_items_rev_delete AFTER DELETE ON mission_items REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('mission_id');
--> statement-breakpoint
CREATE TRIGGER missions_rev_insert AFTER INSERT ON missions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('id');
--> statement-breakpoint
CREATE TRIGGER missions_rev_update AFTER UPDATE ON missions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('id');
--> statement-breakpoint
CREATE TRIGGER missions_rev_delete AFTER DELETE ON missions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION campaign_children_bump_rev('id');
