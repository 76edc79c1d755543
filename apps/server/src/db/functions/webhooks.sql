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

-- The events Rally writes itself, from triggers on the tables whose change they are (migration 0045 creates the
-- triggers), so every path to a change — the dashboard, the public API, the scheduler, the engine — writes its event
-- in the change's own transaction and no use case has to remember to. Each function first asks whether the brand has
-- an enabled endpoint at all (the partial index), so a brand without endpoints pays one index probe per row.

-- A participant as payloads name them, and as the ordering key of their events.
CREATE OR REPLACE FUNCTION webhook_participant(p_store_user_id integer, p_consumer_id integer) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('storeUserId', p_store_user_id, 'consumerId', p_consumer_id)
$$;

CREATE OR REPLACE FUNCTION webhook_ordering_key(p_store_user_id integer, p_consumer_id integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_store_user_id IS NOT NULL THEN 'u:' || p_store_user_id WHEN p_consumer_id IS NOT NULL THEN 'c:' || p_consumer_id END
$$;

-- A campaign became active: launched now, or started by the scheduler at its start date.
CREATE OR REPLACE FUNCTION webhook_campaign_launched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.brand_id = NEW.brand_id AND e.enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(NEW.brand_id, 'campaign.launched',
    jsonb_build_object('campaignId', NEW.id, 'name', NEW.name, 'startDate', NEW.start_date, 'endDate', NEW.end_date), NULL);
  RETURN NULL;
END
$$;

-- A campaign ended, with why: read from the audit entry every ending writes in its transaction (by hand, the end date,
-- codes or budget over — the report's END_REASONS), so the reason is the one the report shows.
CREATE OR REPLACE FUNCTION webhook_campaign_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.brand_id = NEW.brand_id AND e.enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(NEW.brand_id, 'campaign.ended',
    jsonb_build_object('campaignId', c.id, 'name', c.name, 'endedAt', coalesce(c.ended_at, NEW.created_at),
      'reason', CASE NEW.action WHEN 'end' THEN 'ended_by_user' WHEN 'scheduler.end' THEN 'end_date'
                                WHEN 'engine.codes_over' THEN 'codes_over' WHEN 'engine.budget_over' THEN 'budget_over' ELSE 'unknown' END),
    NULL)
    FROM campaigns c WHERE c.id = NEW.campaign_id;
  RETURN NULL;
END
$$;

-- A completion the engine wrote (submit, a manager's entry, the public API, sales). A row trigger, not a statement one
-- over the new rows: PL/pgSQL plans a query over a transition table again on every statement, which cost a submit
-- more than the whole event (bench/RESULTS.md, issue 31); a row trigger's probe is a cached plan.
CREATE OR REPLACE FUNCTION webhook_completion_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.brand_id = NEW.brand_id AND e.enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(NEW.brand_id, 'completion.created',
    jsonb_build_object('completionId', NEW.id, 'campaignId', NEW.campaign_id, 'campaignMissionId', NEW.campaign_mission_id,
      'participant', webhook_participant(NEW.store_user_id, NEW.consumer_id), 'storeId', NEW.store_id, 'status', NEW.status,
      'salesAmountCents', NEW.sales_amount_cents, 'itemsSold', NEW.items_sold, 'createdAt', NEW.created_at),
    webhook_ordering_key(NEW.store_user_id, NEW.consumer_id));
  RETURN NULL;
END
$$;

-- A pending completion (a sale waiting for its receipt) accepted or rejected, by smart review or a person.
CREATE OR REPLACE FUNCTION webhook_completion_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.brand_id = NEW.brand_id AND e.enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(NEW.brand_id, CASE WHEN NEW.status = 'accepted' THEN 'completion.accepted' ELSE 'completion.rejected' END,
    jsonb_build_object('completionId', NEW.id, 'campaignId', NEW.campaign_id, 'campaignMissionId', NEW.campaign_mission_id,
      'participant', webhook_participant(NEW.store_user_id, NEW.consumer_id), 'storeId', NEW.store_id, 'status', NEW.status),
    webhook_ordering_key(NEW.store_user_id, NEW.consumer_id));
  RETURN NULL;
END
$$;

-- An unlock engine_issue inserted (its one issuance path, whichever way it was reached): reward.unlocked, then
-- code.issued when it carries a code, in that order for the participant. A row trigger, as for completions.
CREATE OR REPLACE FUNCTION webhook_unlock_issued() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.brand_id = NEW.brand_id AND e.enabled) THEN RETURN NULL; END IF;
  k := webhook_ordering_key(NEW.store_user_id, NEW.consumer_id);
  PERFORM webhook_enqueue(NEW.brand_id, 'reward.unlocked',
    jsonb_build_object('unlockId', NEW.id, 'campaignId', NEW.campaign_id, 'rewardId', NEW.reward_id, 'completionId', NEW.completion_id,
      'participant', webhook_participant(NEW.store_user_id, NEW.consumer_id), 'status', NEW.status,
      'amountCents', NEW.amount_cents, 'codeIssued', NEW.code_id IS NOT NULL, 'createdAt', NEW.created_at), k);
  IF NEW.code_id IS NOT NULL THEN
    PERFORM webhook_enqueue(NEW.brand_id, 'code.issued',
      jsonb_build_object('unlockId', NEW.id, 'campaignId', NEW.campaign_id, 'rewardId', NEW.reward_id,
        'participant', webhook_participant(NEW.store_user_id, NEW.consumer_id), 'code', rc.code, 'createdAt', NEW.created_at), k)
      FROM reward_codes rc WHERE rc.id = NEW.code_id;
  END IF;
  RETURN NULL;
END
$$;

-- A monthly invoice closed (its number given, its lines final).
CREATE OR REPLACE FUNCTION webhook_invoice_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.brand_id = NEW.brand_id AND e.enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(NEW.brand_id, 'invoice.closed',
    jsonb_build_object('invoiceId', NEW.id, 'number', NEW.number, 'kind', NEW.kind, 'status', NEW.status, 'amountCents', NEW.amount_cents,
      'currency', NEW.currency, 'period', NEW.period, 'closedAt', NEW.closed_at, 'dueAt', NEW.due_at),
    NULL);
  RETURN NULL;
END
$$;
