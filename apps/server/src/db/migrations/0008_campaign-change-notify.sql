-- Every change to a campaign, or to what its builder shows (the triggers of 0005 move cache_rev for those),
--> statement-breakpoint
-- is announced on the channel rally_campaign_changed with the campaign's id, delivered at commit to every
--> statement-breakpoint
-- server process listening, so their cached builder responses can go without asking the database per request.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaigns_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cache_rev := OLD.cache_rev + 1;
  PERFORM pg_notify('rally_campaign_changed', NEW.id::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION campaigns_notify_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rally_campaign_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_deleted AFTER DELETE ON campaigns FOR EACH ROW EXECUTE FUNCTION campaigns_notify_deleted();
