-- The wallet ledger is append-only and the brand's balance is its sum: each new
-- entry moves the balance in the same transaction, and a debit the balance does
-- not cover fails as a whole.
ALTER TABLE brands ADD CONSTRAINT brands_wallet_balance_non_negative CHECK (wallet_balance_cents >= 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE brands SET wallet_balance_cents = wallet_balance_cents + NEW.amount_cents WHERE id = NEW.brand_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_apply AFTER INSERT ON wallet_ledger FOR EACH ROW EXECUTE FUNCTION wallet_ledger_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only: add a correcting entry instead' USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_no_update BEFORE UPDATE ON wallet_ledger FOR EACH ROW EXECUTE FUNCTION wallet_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_no_delete BEFORE DELETE ON wallet_ledger FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION wallet_ledger_append_only();
