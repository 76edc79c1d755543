-- Trigram indexes below serve ILIKE '%…%' search of stores by name and address.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "store_cache_revs" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "store_group_members_store_idx";--> statement-breakpoint
ALTER TABLE "store_groups" ADD COLUMN "total_stores" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_groups" ADD COLUMN "total_users" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "store_groups_brand_status_name_idx" ON "store_groups" USING btree ("brand_id","status","name","id");--> statement-breakpoint
CREATE INDEX "store_groups_brand_status_stores_idx" ON "store_groups" USING btree ("brand_id","status","total_stores","id");--> statement-breakpoint
CREATE INDEX "store_groups_brand_status_users_idx" ON "store_groups" USING btree ("brand_id","status","total_users","id");--> statement-breakpoint
CREATE INDEX "stores_brand_status_users_idx" ON "stores" USING btree ("brand_id","status","total_users","id");--> statement-breakpoint
CREATE INDEX "stores_brand_status_country_idx" ON "stores" USING btree ("brand_id","status","country_code","total_users");--> statement-breakpoint
CREATE INDEX "stores_brand_name_idx" ON "stores" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "stores_reach_idx" ON "stores" USING btree ("id","brand_id","status","country_code","total_users");--> statement-breakpoint
CREATE INDEX "stores_name_trgm_idx" ON "stores" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stores_address_trgm_idx" ON "stores" USING gin ("formatted_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_group_members_store_idx" ON "store_group_members" USING btree ("store_id","group_id");
--> statement-breakpoint
-- store_cache_revs.rev moves on every statement that changes a brand's stores, groups or group
-- members, so in-process caches keyed by it (lists, reach figures) are never stale, whichever code path wrote.
CREATE OR REPLACE FUNCTION store_cache_bump_rev() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Brands in a fixed order, so two statements bumping the same brands cannot deadlock.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO store_cache_revs AS r (brand_id, rev)
      SELECT b.brand_id, 1 FROM (SELECT DISTINCT brand_id FROM new_rows) b ORDER BY b.brand_id
      ON CONFLICT (brand_id) DO UPDATE SET rev = r.rev + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO store_cache_revs AS r (brand_id, rev)
      SELECT b.brand_id, 1 FROM (SELECT DISTINCT brand_id FROM old_rows) b ORDER BY b.brand_id
      ON CONFLICT (brand_id) DO UPDATE SET rev = r.rev + 1;
  ELSE
    INSERT INTO store_cache_revs AS r (brand_id, rev)
      SELECT b.brand_id, 1 FROM (SELECT brand_id FROM new_rows UNION SELECT brand_id FROM old_rows) b ORDER BY b.brand_id
      ON CONFLICT (brand_id) DO UPDATE SET rev = r.rev + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recounts the approved member stores of some groups and their users (store_groups.total_stores, total_users).
CREATE OR REPLACE FUNCTION store_groups_refresh_totals(group_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE store_groups g SET total_stores = t.n, total_users = t.u
  FROM (
    SELECT x.id, count(s.id)::int AS n, coalesce(sum(s.total_users), 0)::int AS u
    FROM (SELECT DISTINCT unnest(group_ids) AS id) x
    LEFT JOIN store_group_members m ON m.group_id = x.id
    LEFT JOIN stores s ON s.id = m.store_id AND s.status = 'approved'
    GROUP BY x.id
  ) t
  WHERE g.id = t.id AND (g.total_stores <> t.n OR g.total_users <> t.u);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_group_members_refresh_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM store_groups_refresh_totals(ARRAY(SELECT DISTINCT group_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM store_groups_refresh_totals(ARRAY(SELECT DISTINCT group_id FROM old_rows));
  ELSE
    PERFORM store_groups_refresh_totals(ARRAY(SELECT group_id FROM new_rows UNION SELECT group_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A store's status or head count changes the totals of every group it belongs to. A deleted store
-- leaves its groups through the cascade on store_group_members, whose trigger recounts them.
CREATE OR REPLACE FUNCTION stores_refresh_group_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_groups_refresh_totals(ARRAY(
    SELECT DISTINCT m.group_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN store_group_members m ON m.store_id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.total_users IS DISTINCT FROM o.total_users));
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT store_groups_refresh_totals(ARRAY(SELECT id FROM store_groups));
--> statement-breakpoint
CREATE TRIGGER store_group_members_totals_insert AFTER INSERT ON store_group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_group_members_refresh_totals();
--> statement-breakpoint
CREATE TRIGGER store_group_members_totals_update AFTER UPDATE ON store_group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_group_members_refresh_totals();
--> statement-breakpoint
CREATE TRIGGER store_group_members_totals_delete AFTER DELETE ON store_group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION store_group_members_refresh_totals();
--> statement-breakpoint
CREATE TRIGGER stores_group_totals AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_refresh_group_totals();
--> statement-breakpoint
CREATE TRIGGER stores_rev_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER stores_rev_update AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER stores_rev_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER store_groups_rev_insert AFTER INSERT ON store_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER store_groups_rev_update AFTER UPDATE ON store_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER store_groups_rev_delete AFTER DELETE ON store_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER store_group_members_rev_insert AFTER INSERT ON store_group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER store_group_members_rev_update AFTER UPDATE ON store_group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
--> statement-breakpoint
CREATE TRIGGER store_group_members_rev_delete AFTER DELETE ON store_group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION store_cache_bump_rev();
