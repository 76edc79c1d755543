-- Issue 29: a payment is started once per intent. A top-up carries the client's idempotency key (one payment per
-- brand and key); an invoice has at most one card payment under way. Payments the bug left pending beside an
-- older pending one of the same invoice are failed first, so the index can be built (the reconcile sweep asks the
-- provider about the one kept).
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
UPDATE "payments" p SET "status" = 'failed', "completed_at" = now(), "failure_message" = 'Superseded by an earlier card payment of the same invoice.'
WHERE p."status" = 'pending' AND p."invoice_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "payments" q WHERE q."invoice_id" = p."invoice_id" AND q."status" = 'pending' AND (q."created_at", q."id") < (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_brand_idempotency_uq" ON "payments" USING btree ("brand_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_pending_uq" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
-- The brand's billing profile: who its invoices are made out to.
CREATE TABLE "brand_billing_profiles" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text,
	"country" text NOT NULL,
	"tax_id" text,
	"tax_label" text,
	"tax_rate_basis_points" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_billing_profiles_tax_rate" CHECK ("tax_rate_basis_points" IS NULL OR ("tax_rate_basis_points" BETWEEN 0 AND 10000 AND "tax_label" IS NOT NULL))
);--> statement-breakpoint
ALTER TABLE "brand_billing_profiles" ADD CONSTRAINT "brand_billing_profiles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_billing_profiles" ADD CONSTRAINT "brand_billing_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A closed invoice keeps the buyer and seller it was issued to and by (later profile edits do not rewrite it).
ALTER TABLE "invoices" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
-- Money rewards get a title from their amount where they had none ("$25 cash"; the domain's moneyRewardTitle
-- gives new ones the same), so participants no longer read "Money · Money".
UPDATE "rewards" r SET "title" = (
  CASE b."currency" WHEN 'USD' THEN '$' WHEN 'EUR' THEN '€' WHEN 'GBP' THEN '£' WHEN 'CAD' THEN 'CA$' WHEN 'AUD' THEN 'A$' WHEN 'MXN' THEN 'MX$' ELSE b."currency" || ' ' END
  || CASE WHEN r."amount_cents" % 100 = 0 THEN to_char(r."amount_cents" / 100, 'FM999,999,999,990') ELSE to_char(r."amount_cents" / 100.0, 'FM999,999,999,990.00') END
  || ' cash')
FROM "brands" b
WHERE b."id" = r."brand_id" AND r."type" = 'money' AND r."title" = '' AND r."amount_cents" IS NOT NULL AND r."amount_cents" > 0;
