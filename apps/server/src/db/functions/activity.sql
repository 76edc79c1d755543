-- The brand's activity log (issue 28; table and trigger: migration 0031).
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.

-- A line of the log is never edited: a change is a new line.
CREATE OR REPLACE FUNCTION brand_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'brand_activity is append-only' USING ERRCODE = 'check_violation';
END
$$;
