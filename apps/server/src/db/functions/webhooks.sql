-- Outbound webhooks (issue 31, decision 0029; tables: migration 0045).
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.
--
-- An event is written to the outbox in the transaction of the change that caused it, so a message exists exactly when
-- its change committed; the dispatcher (modules/webhooks) delivers it after commit. No request sends anything itself.

-- One outbox row per enabled endpoint of the brand subscribed to the event type, all with the same message id (the
-- Standard Webhooks `webhook-id`, so a receiver can tell one event seen by two endpoints). A brand without endpoints
-- costs one lookup in the partial index of enabled endpoints and writes nothing. `p_ordering_key` (a participant:
-- 'u:<storeUserId>' / 'c:<consumerId>', or null) keeps one key's messages delivered in the order they were written.
CREATE OR REPLACE FUNCTION webhook_enqueue(p_brand_id text, p_event_type text, p_payload jsonb, p_ordering_key text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_messages (brand_id, endpoint_id, message_id, event_type, payload, ordering_key)
  SELECT e.brand_id, e.id, m.id, p_event_type, p_payload, p_ordering_key
    FROM webhook_endpoints e
   CROSS JOIN (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id) m
   WHERE e.brand_id = p_brand_id AND e.enabled AND p_event_type = ANY (e.events);
END
$$;
