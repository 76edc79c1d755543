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
--> statement-breakpoint
CREATE TRIGGER campaign_counts_insert_delete AFTER INSERT OR DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_update AFTER UPDATE OF status, brand_id ON campaigns
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.brand_id IS DISTINCT FROM NEW.brand_id)
  EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
INSERT INTO campaign_counts (brand_id, status, n)
  SELECT brand_id, status, count(*) FROM campaigns GROUP BY brand_id, status
  ON CONFLICT (brand_id, status) DO UPDATE SET n = EXCLUDED.n;
