-- The billing ledgers (decisions 0010, 0014): the wallet ledger and invoice lines are append-only and their
-- totals move with each row in the same transaction. Triggers: migrations 0006, 0011.
-- This file is the one source of these functions: db/sql-sources.ts applies it again whenever it changes.

-- The brand's wallet balance is the ledger's sum; a debit the balance does not cover fails (brands CHECK).
CREATE OR REPLACE FUNCTION wallet_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE brands SET wallet_balance_cents = wallet_balance_cents + NEW.amount_cents WHERE id = NEW.brand_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION wallet_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only: add a correcting entry instead' USING ERRCODE = 'check_violation';
END
$$;

-- An invoice's amount is the sum of its lines: only the open invoice takes lines, so a closed invoice's total
-- never changes after its PDF was sent.
CREATE OR REPLACE FUNCTION invoice_lines_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET amount_cents = amount_cents + NEW.amount_cents WHERE id = NEW.invoice_id AND status = 'open';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'invoice % is closed: lines go on the open invoice', NEW.invoice_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION invoice_lines_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice_lines are append-only: add a correcting line instead' USING ERRCODE = 'check_violation';
END
$$;
