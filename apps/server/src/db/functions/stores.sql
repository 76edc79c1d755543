-- Stores and groups: the store cache revision and the group totals (decision 0011). Triggers: migration 0007.
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.

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
