-- Payouts (issue 29, decision 0022): a participant's money rewards, paid out. Function bodies: db/functions/payouts.sql
-- (created here too, as the triggers need them; the sources file replaces them after the migrations).
CREATE TABLE "payout_settings" (
	"brand_id" text PRIMARY KEY NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"minimum_cents" bigint DEFAULT 1000 NOT NULL,
	"approval" text DEFAULT 'automatic' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_minimum" CHECK ("minimum_cents" >= 100),
	CONSTRAINT "payout_settings_approval" CHECK ("approval" in ('automatic', 'brand'))
);--> statement-breakpoint
CREATE TABLE "payout_details" (
	"brand_id" text NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"method" text NOT NULL,
	"address" text NOT NULL,
	"account_holder" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_pk" PRIMARY KEY ("brand_id", "participant"),
	CONSTRAINT "payout_details_method" CHECK ("method" in ('paypal', 'bank_transfer'))
);--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"participant_name" text NOT NULL,
	"participant_email" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"address" text NOT NULL,
	"account_holder" text,
	"status" text NOT NULL,
	"provider" text,
	"provider_ref" text,
	"failure_message" text,
	"idempotency_key" text NOT NULL,
	"approved_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "payouts_status" CHECK ("status" in ('requested', 'pending', 'paid', 'failed')),
	CONSTRAINT "payouts_method" CHECK ("method" in ('paypal', 'bank_transfer'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_uq" ON "payouts" USING btree ("brand_id","participant","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_ref_uq" ON "payouts" USING btree ("provider","provider_ref") WHERE "provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "payouts_brand_status_idx" ON "payouts" USING btree ("brand_id","status","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_participant_idx" ON "payouts" USING btree ("participant","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "payout_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"unlock_id" bigint,
	"payout_id" text REFERENCES "payouts"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_ledger_kind" CHECK (
		("kind" = 'earned' AND "amount_cents" > 0 AND "unlock_id" IS NOT NULL AND "payout_id" IS NULL)
		OR ("kind" = 'payout' AND "amount_cents" < 0 AND "payout_id" IS NOT NULL AND "unlock_id" IS NULL)
		OR ("kind" = 'returned' AND "amount_cents" > 0 AND "payout_id" IS NOT NULL AND "unlock_id" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_ledger_unlock_uq" ON "payout_ledger" USING btree ("unlock_id") WHERE "kind" = 'earned';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_ledger_payout_uq" ON "payout_ledger" USING btree ("payout_id","kind") WHERE "payout_id" is not null;--> statement-breakpoint
CREATE INDEX "payout_ledger_participant_idx" ON "payout_ledger" USING btree ("brand_id","participant","id");--> statement-breakpoint
CREATE TABLE "payout_balances" (
	"brand_id" text NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_balances_pk" PRIMARY KEY ("brand_id", "participant"),
	CONSTRAINT "payout_balances_not_negative" CHECK ("balance_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "payout_balances_participant_idx" ON "payout_balances" USING btree ("participant");--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
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
$$;--> statement-breakpoint
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payout_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is kept by the payout ledger: add a ledger row instead', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payouts_debited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM payout_ledger l WHERE l.payout_id = NEW.id AND l.kind = 'payout') THEN
    RAISE EXCEPTION 'payout % has no ledger debit', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payout_ledger_apply AFTER INSERT ON payout_ledger FOR EACH ROW EXECUTE FUNCTION payout_ledger_apply();--> statement-breakpoint
CREATE TRIGGER payout_ledger_no_update BEFORE UPDATE ON payout_ledger FOR EACH ROW EXECUTE FUNCTION payout_ledger_append_only();--> statement-breakpoint
-- A brand's deletion cascades (trigger depth > 0); nothing else deletes a ledger row.
CREATE TRIGGER payout_ledger_no_delete BEFORE DELETE ON payout_ledger FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION payout_ledger_append_only();--> statement-breakpoint
-- Balances are written only by the ledger's trigger.
CREATE TRIGGER payout_balances_only_by_ledger BEFORE INSERT OR UPDATE OR DELETE ON payout_balances FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION payout_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER payouts_guard BEFORE UPDATE ON payouts FOR EACH ROW EXECUTE FUNCTION payouts_guard();--> statement-breakpoint
CREATE TRIGGER payouts_no_delete BEFORE DELETE ON payouts FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION payout_ledger_append_only();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payouts_debited AFTER INSERT ON payouts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payouts_debited();--> statement-breakpoint
CREATE TRIGGER reward_unlocks_payout_credit AFTER INSERT OR UPDATE OF status ON reward_unlocks FOR EACH ROW EXECUTE FUNCTION payout_credit_unlock();--> statement-breakpoint
-- Money earned before payouts existed is credited once, here.
INSERT INTO payout_ledger (brand_id, participant, kind, amount_cents, unlock_id)
SELECT u.brand_id, CASE WHEN u.store_user_id IS NOT NULL THEN 'u:' || u.store_user_id ELSE 'c:' || u.consumer_id END, 'earned', u.amount_cents, u.id
FROM reward_unlocks u JOIN rewards r ON r.id = u.reward_id
WHERE r.type = 'money' AND u.amount_cents > 0 AND u.status <> 'awaiting_assignment' AND (u.store_user_id IS NOT NULL OR u.consumer_id IS NOT NULL)
ORDER BY u.id;
