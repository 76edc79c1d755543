-- Payouts (issue 29, decision 0022): what participants earned in money rewards, paid out to them. The payout ledger
-- is append-only; each participant's balance per brand moves with each row in the same statement and can never go
-- below zero (payout_balances CHECK), so no payout is ever larger than what is left of what was earned.
-- Triggers: migration 0038. This file is the one source of these functions: db/sql-sources.ts applies it again
-- whenever it changes.

-- A money unlock credits its participant's balance at the unlock's brand, once per unlock (unique unlock_id), when
-- it is issued (an awaiting prize is credited when it is assigned). No foreign key to the unlock: the credit stays
-- the participant's whatever later happens to the campaign.
CREATE OR REPLACE FUNCTION payout_credit_unlock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_cents IS NULL OR NEW.amount_cents <= 0 OR NEW.status = 'awaiting_assignment'
     OR (NEW.store_user_id IS NULL AND NEW.consumer_id IS NULL) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM rewards r WHERE r.id = NEW.reward_id AND r.type = 'money') THEN
    RETURN NULL;
  END IF;
  INSERT INTO payout_ledger (brand_id, participant, kind, amount_cents, unlock_id)
  VALUES (NEW.brand_id,
          CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END,
          'earned', NEW.amount_cents, NEW.id)
  ON CONFLICT (unlock_id) WHERE kind = 'earned' DO NOTHING;
  RETURN NULL;
END
$$;

-- Each ledger row moves the balance; a payout's debit and its return must match the payout row (same brand,
-- participant and amount; a return only for a failed payout).
CREATE OR REPLACE FUNCTION payout_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  IF NEW.payout_id IS NOT NULL THEN
    SELECT brand_id, participant, amount_cents, status INTO p FROM payouts WHERE id = NEW.payout_id;
    IF NOT FOUND OR p.brand_id <> NEW.brand_id OR p.participant <> NEW.participant
       OR (NEW.kind = 'payout' AND NEW.amount_cents <> -p.amount_cents)
       OR (NEW.kind = 'returned' AND (NEW.amount_cents <> p.amount_cents OR p.status <> 'failed')) THEN
      RAISE EXCEPTION 'payout_ledger row does not match payout %', NEW.payout_id USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  -- An update first: an upsert would check the CHECK on the inserted values (a debit) before finding the row.
  UPDATE payout_balances SET balance_cents = balance_cents + NEW.amount_cents
  WHERE brand_id = NEW.brand_id AND participant = NEW.participant;
  IF NOT FOUND THEN
    INSERT INTO payout_balances AS b (brand_id, participant, balance_cents)
    VALUES (NEW.brand_id, NEW.participant, NEW.amount_cents)
    ON CONFLICT (brand_id, participant) DO UPDATE SET balance_cents = b.balance_cents + EXCLUDED.balance_cents;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION payout_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is kept by the payout ledger: add a ledger row instead', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END
$$;

-- A payout's payee and amount never change; its status only moves forward: requested → pending | failed,
-- pending → paid | failed.
CREATE OR REPLACE FUNCTION payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.brand_id <> OLD.brand_id OR NEW.participant <> OLD.participant
     OR NEW.amount_cents <> OLD.amount_cents OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'payout %: its payee and amount never change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'requested' AND NEW.status IN ('pending', 'failed'))
    OR (OLD.status = 'pending' AND NEW.status IN ('paid', 'failed'))) THEN
    RAISE EXCEPTION 'payout %: % cannot become %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

-- Checked at commit: every payout took its amount off the balance in the same transaction.
CREATE OR REPLACE FUNCTION payouts_debited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM payout_ledger l WHERE l.payout_id = NEW.id AND l.kind = 'payout') THEN
    RAISE EXCEPTION 'payout % has no ledger debit', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
