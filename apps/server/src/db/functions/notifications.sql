-- The notification outbox (issue 30, decision 0026; tables and triggers: migration 0042).
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.
--
-- Each trigger writes the event in the transaction of the change that caused it, so an event exists exactly when
-- its change committed: a rolled-back launch or submit leaves none, and no request ever sends anything itself. The
-- event key is unique, so a change written twice (a retried job, two reviewers) is one event. A job reads the
-- events after commit and fans them out (modules/notifications).

-- A campaign became active: launched now, or started by the scheduler at its start date.
CREATE OR REPLACE FUNCTION notify_campaign_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id)
  VALUES (NEW.brand_id, 'campaign-launched', 'launch:' || NEW.id, NEW.id)
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;

-- Unlocks the engine issued (engine_issue, whichever way it was reached), read from the statement's new rows: one
-- insert per statement, not per row, in the engine's own unit of work — the engine keeps its one issuance path.
-- A prize given by hand is issued already assigned: that is the "prize assigned" event, not an unlock.
CREATE OR REPLACE FUNCTION notify_unlocks_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id, subject_id, participant)
  SELECT i.brand_id,
         CASE WHEN i.status = 'assigned' THEN 'prize-assigned' ELSE 'reward-unlocked' END,
         CASE WHEN i.status = 'assigned' THEN 'prize:' ELSE 'unlock:' END || i.id,
         i.campaign_id, i.id,
         CASE WHEN i.store_user_id IS NOT NULL THEN 'u:' || i.store_user_id ELSE 'c:' || i.consumer_id END
    FROM issued i
   WHERE i.store_user_id IS NOT NULL OR i.consumer_id IS NOT NULL
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;

-- A prize awaiting assignment was assigned to its winner.
CREATE OR REPLACE FUNCTION notify_prize_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.store_user_id IS NULL AND NEW.consumer_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id, subject_id, participant)
  VALUES (NEW.brand_id, 'prize-assigned', 'prize:' || NEW.id, NEW.campaign_id, NEW.id,
          CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END)
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;

-- A pending entry (a sale waiting for its receipt) was accepted or rejected, by smart review or a person.
CREATE OR REPLACE FUNCTION notify_entry_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.store_user_id IS NULL AND NEW.consumer_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id, subject_id, participant)
  VALUES (NEW.brand_id, CASE WHEN NEW.status = 'accepted' THEN 'entry-accepted' ELSE 'entry-rejected' END,
          'entry:' || NEW.id, NEW.campaign_id, NEW.id,
          CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END)
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;
