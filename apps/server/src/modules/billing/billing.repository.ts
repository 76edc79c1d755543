import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TBillingProfile, TBrandCurrency, TInvoiceParty, TLedgerKind, TPaymentPlan } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brandBillingProfiles, brands, campaigns, invoiceLines, invoices, members, paymentEvents, payments, rewardPartners, rewards, users, walletLedger } from '../../db/schema/index.js';

export interface BrandWallet {
  id: string;
  name: string;
  paymentPlan: TPaymentPlan;
  currency: TBrandCurrency;
  walletBalanceCents: number;
}

/** The brand's wallet; `lock` holds the brand row until the transaction ends, so payments from one wallet queue up. */
export async function findBrandWallet(db: DbOrTx, brandId: string, lock = false): Promise<BrandWallet> {
  const query = db
    .select({ id: brands.id, name: brands.name, paymentPlan: brands.paymentPlan, currency: brands.currency, walletBalanceCents: brands.walletBalanceCents })
    .from(brands)
    .where(eq(brands.id, brandId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new Error(`brand ${brandId} vanished`);
  return { ...row, currency: row.currency as TBrandCurrency };
}

export interface LedgerInsert {
  brandId: string;
  kind: TLedgerKind;
  /** Signed: credits positive, debits negative. */
  amountCents: number;
  campaignId?: number | null | undefined;
  rewardId?: number | null | undefined;
  invoiceId?: number | null | undefined;
  paymentId?: string | null | undefined;
  note?: string | null | undefined;
  createdBy?: string | null | undefined;
}

export async function insertLedgerEntry(db: DbOrTx, entry: LedgerInsert): Promise<number> {
  const [row] = await db
    .insert(walletLedger)
    .values({
      brandId: entry.brandId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      campaignId: entry.campaignId ?? null,
      rewardId: entry.rewardId ?? null,
      invoiceId: entry.invoiceId ?? null,
      paymentId: entry.paymentId ?? null,
      note: entry.note ?? null,
      createdBy: entry.createdBy ?? null,
    })
    .returning({ id: walletLedger.id });
  return row!.id;
}

/** The UTC month an instant falls in, as the open invoice's period (YYYY-MM). */
export const periodOf = (at: Date) => at.toISOString().slice(0, 7);

/** The brand's open invoice for the period, created on first use (one per brand and period: unique index). */
export async function openInvoiceFor(db: DbOrTx, brandId: string, period: string, currency: string): Promise<{ id: number; status: string }> {
  await db
    .insert(invoices)
    .values({ brandId, kind: 'monthly', status: 'open', amountCents: 0, currency, period })
    .onConflictDoNothing({ target: [invoices.brandId, invoices.period] });
  const [row] = await db
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.brandId, brandId), eq(invoices.period, period)));
  return row!;
}

export async function insertInvoiceLine(
  db: DbOrTx,
  line: { brandId: string; invoiceId: number; kind: string; description: string; amountCents: number; campaignId?: number | null | undefined },
): Promise<number> {
  const [row] = await db
    .insert(invoiceLines)
    .values({ ...line, campaignId: line.campaignId ?? null })
    .returning({ id: invoiceLines.id });
  return row!.id;
}

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function findInvoice(db: DbOrTx, brandId: string, invoiceId: number, lock = false): Promise<InvoiceRow | undefined> {
  const query = db.select().from(invoices).where(and(eq(invoices.id, invoiceId), eq(invoices.brandId, brandId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type NamedInvoiceLine = InvoiceLineRow & { campaignName: string | null };

/** The invoice's lines, each with the name of its campaign (a partner's line names the campaign it paid into). */
export async function listInvoiceLines(db: DbOrTx, invoiceId: number): Promise<NamedInvoiceLine[]> {
  const rows = await db
    .select({ line: invoiceLines, campaignName: campaigns.name })
    .from(invoiceLines)
    .leftJoin(campaigns, eq(campaigns.id, invoiceLines.campaignId))
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.id));
  return rows.map((r) => ({ ...r.line, campaignName: r.campaignName }));
}

/** The brand's invoices, newest first: the open one and the closed ones (void ones too). */
export async function listInvoices(db: DbOrTx, brandId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.brandId, brandId), eq(invoices.kind, 'monthly')))
    .orderBy(desc(invoices.period), desc(invoices.id));
}

/** The oldest closed invoice the brand has not paid. */
export async function findUnpaidInvoice(db: DbOrTx, brandId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.brandId, brandId), eq(invoices.status, 'unpaid')))
    .orderBy(asc(invoices.id))
    .limit(1);
  return row;
}

export interface LedgerFilter {
  brandId: string;
  kinds?: readonly TLedgerKind[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const ledgerWhere = (f: LedgerFilter): SQL => {
  const parts: SQL[] = [eq(walletLedger.brandId, f.brandId)];
  if (f.kinds?.length) parts.push(inArray(walletLedger.kind, [...f.kinds]));
  if (f.from) parts.push(gte(walletLedger.createdAt, f.from));
  if (f.to) parts.push(lt(walletLedger.createdAt, f.to));
  return and(...parts)!;
};

const ledgerColumns = {
  id: walletLedger.id,
  kind: walletLedger.kind,
  amountCents: walletLedger.amountCents,
  campaignId: walletLedger.campaignId,
  invoiceId: walletLedger.invoiceId,
  note: walletLedger.note,
  createdAt: walletLedger.createdAt,
  createdByName: users.name,
  // The ledger row is the brand's own; the campaign and reward it moved money for are named beside it (a partner's
  // slice names the owner's campaign it paid into).
  campaignName: campaigns.name,
  rewardId: walletLedger.rewardId,
  rewardTitle: rewards.title,
  rewardType: rewards.type,
  rewardAmountCents: rewards.amountCents,
};

export async function listLedger(db: DbOrTx, filter: LedgerFilter, page: { offset: number; limit: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select(ledgerColumns)
      .from(walletLedger)
      .leftJoin(users, eq(users.id, walletLedger.createdBy))
      .leftJoin(campaigns, eq(campaigns.id, walletLedger.campaignId))
      .leftJoin(rewards, eq(rewards.id, walletLedger.rewardId))
      .where(ledgerWhere(filter))
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(walletLedger).where(ledgerWhere(filter)),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

/** Every matching entry, in pages of `batch` (CSV export streams them). */
export async function* iterateLedger(db: DbOrTx, filter: LedgerFilter, batch = 1000) {
  let before: number | undefined;
  for (;;) {
    const where = before === undefined ? ledgerWhere(filter) : and(ledgerWhere(filter), lt(walletLedger.id, before))!;
    const rows = await db
      .select(ledgerColumns)
      .from(walletLedger)
      .leftJoin(users, eq(users.id, walletLedger.createdBy))
      .leftJoin(campaigns, eq(campaigns.id, walletLedger.campaignId))
      .leftJoin(rewards, eq(rewards.id, walletLedger.rewardId))
      .where(where)
      .orderBy(desc(walletLedger.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    before = rows[rows.length - 1]!.id;
    if (rows.length < batch) return;
  }
}

/** Sum of the brand's ledger: equals brands.wallet_balance_cents (migration 0006 keeps them together). */
export async function ledgerSum(db: DbOrTx, brandId: string): Promise<number> {
  const [row] = await db.select({ s: sql<string | null>`sum(${walletLedger.amountCents})` }).from(walletLedger).where(eq(walletLedger.brandId, brandId));
  return Number(row?.s ?? 0);
}

/** Addresses invoices go to: the brand's owners and admins. */
/** Owners and admins of the brand, with their language: who billing mail goes to. */
export async function billingContacts(db: DbOrTx, brandId: string): Promise<{ email: string; locale: string | null }[]> {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, brandId), inArray(members.role, ['owner', 'admin'])));
}

/**
 * Writes a pending payment; false when the brand already has a payment with this idempotency key (a concurrent
 * insert of the same key waits for the first to commit, then inserts nothing).
 */
export async function insertPayment(
  db: DbOrTx,
  row: {
    id: string;
    brandId: string;
    provider: string;
    amountCents: number;
    currency: string;
    invoiceId: number | null;
    createdBy: string | null;
    idempotencyKey?: string | null | undefined;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(payments)
    .values({ ...row, idempotencyKey: row.idempotencyKey ?? null, status: 'pending' })
    .onConflictDoNothing({ target: [payments.brandId, payments.idempotencyKey] })
    .returning({ id: payments.id });
  return inserted.length === 1;
}

export async function findPaymentByKey(db: DbOrTx, brandId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.brandId, brandId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

/** The invoice's card payment under way, if any (at most one: payments_invoice_pending_uq). */
export async function findPendingInvoicePayment(db: DbOrTx, invoiceId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'pending')));
  return row;
}

/** Pending payments of this provider started before `before`, oldest first: the reconcile sweep's work. */
export async function listPendingPaymentsBefore(db: DbOrTx, provider: string, before: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), eq(payments.provider, provider), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
}

export async function findPayment(db: DbOrTx, id: string, brandId?: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(brandId === undefined ? eq(payments.id, id) : and(eq(payments.id, id), eq(payments.brandId, brandId)));
  return row;
}

export async function findPaymentByRef(db: DbOrTx, providerRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerRef, providerRef));
  return row;
}

export async function setPaymentRef(db: DbOrTx, id: string, providerRef: string | null): Promise<void> {
  await db.update(payments).set({ providerRef }).where(eq(payments.id, id));
}

/** pending → succeeded, once: the row comes back only to the caller that made the change. */
export async function markPaymentSucceeded(db: DbOrTx, id: string, at: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: 'succeeded', completedAt: at, failureMessage: null })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row;
}

/** pending → failed; false when the payment was no longer pending. */
export async function markPaymentFailed(db: DbOrTx, id: string, message: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message, completedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Records a webhook event id; false when it was handled before (a replay or a second delivery). */
export async function recordPaymentEvent(db: DbOrTx, event: { id: string; provider: string; type: string }): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function markInvoicePaid(db: DbOrTx, invoiceId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: at })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'unpaid')))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

/** Open invoices of months before `period` (the close sweep's work). */
export async function listOpenInvoicesBefore(db: DbOrTx, period: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), lt(invoices.period, period)))
    .orderBy(asc(invoices.id));
}

/** Closed invoices whose mail has not gone out yet (a failed send is retried by the next sweep). */
export async function listUnmailedInvoices(db: DbOrTx): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.status, ['unpaid', 'paid']), isNull(invoices.mailedAt), isNotNull(invoices.closedAt)))
    .orderBy(asc(invoices.id));
}

export async function closeInvoiceRow(
  db: DbOrTx,
  invoiceId: number,
  set: { number: string; status: 'unpaid' | 'paid'; closedAt: Date; dueAt: Date; paidAt: Date | null },
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set(set)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')))
    .returning();
  return row;
}

export async function markInvoiceMailed(db: DbOrTx, invoiceId: number, at: Date): Promise<void> {
  await db.update(invoices).set({ mailedAt: at }).where(eq(invoices.id, invoiceId));
}

export async function lockInvoice(db: DbOrTx, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  return row;
}

/** A campaign's rewards with paid budget not yet spent, locked until the transaction ends (the engine spends under the same lock). */
export async function lockRewardsWithUnspentBudget(db: DbOrTx, campaignId: number) {
  // A running reward spends from budget slices (decision 0008 §9): folded back into its row first, so
  // budget_spent_cents is the whole spend and nothing stays allotted when the paid budget drops to it.
  await db.execute(sql`select reward_budget_fold_campaign(${campaignId}::int)`);
  return db
    .select({ id: rewards.id, paidCents: rewards.budgetPaidCents, spentCents: rewards.budgetSpentCents })
    .from(rewards)
    .where(and(eq(rewards.campaignId, campaignId), sql`${rewards.budgetPaidCents} > ${rewards.budgetSpentCents}`))
    .orderBy(asc(rewards.id))
    .for('update');
}

/** What each partner brand paid into these rewards (shared campaigns). */
export async function partnerPaymentsFor(db: DbOrTx, rewardIds: readonly number[]) {
  if (rewardIds.length === 0) return [];
  return db
    .select({ rewardId: rewardPartners.rewardId, brandId: rewardPartners.partnerBrandId, paidCents: rewardPartners.paidCents })
    .from(rewardPartners)
    .where(and(inArray(rewardPartners.rewardId, [...rewardIds]), sql`${rewardPartners.paidCents} > 0`))
    .orderBy(asc(rewardPartners.id));
}

/** Nothing more can be spent from these rewards: their paid budget drops to what was spent. */
export async function capPaidBudgetAtSpent(db: DbOrTx, rewardIds: readonly number[]): Promise<void> {
  if (rewardIds.length === 0) return;
  await db
    .update(rewards)
    .set({ budgetPaidCents: sql`${rewards.budgetSpentCents}`, updatedAt: new Date() })
    .where(inArray(rewards.id, [...rewardIds]));
}

/**
 * What each brand's money rows hold of a campaign (decision 0021): budget debits and partner slices from its wallet,
 * budget lines on its invoice, less what came back (refunds, credit lines). Rows of a deleted campaign or reward keep
 * their ids (migration 0037), so a removed reward's payment is still counted here.
 */
export async function campaignLedgerHoldings(db: DbOrTx, campaignId: number) {
  const result = await db.execute(sql`
    select h.brand_id, b.name, sum(h.wallet)::bigint as wallet, sum(h.invoice)::bigint as invoice
    from (
      select ${walletLedger.brandId} as brand_id, -${walletLedger.amountCents} as wallet, 0 as invoice from ${walletLedger}
      where ${walletLedger.campaignId} = ${campaignId} and ${walletLedger.kind} in ('budget_debit', 'partner_slice', 'refund')
      union all
      select ${invoiceLines.brandId}, 0, ${invoiceLines.amountCents} from ${invoiceLines}
      where ${invoiceLines.campaignId} = ${campaignId} and ${invoiceLines.kind} in ('budget', 'budget_credit')
    ) h join ${brands} b on b.id = h.brand_id
    group by h.brand_id, b.name
    order by h.brand_id`);
  const rows = (result as unknown as { rows: { brand_id: string; name: string; wallet: string | number; invoice: string | number }[] }).rows;
  return rows.map((r) => ({ brandId: r.brand_id, name: r.name, walletCents: Number(r.wallet), invoiceCents: Number(r.invoice) }));
}

/** The campaign's rewards with what was paid into them and by whom, locked in id order (the engine's lock order). */
export async function lockCampaignRewardMoney(db: DbOrTx, campaignId: number) {
  const rewardRows = await db
    .select({
      id: rewards.id,
      type: rewards.type,
      title: rewards.title,
      filledByPartners: rewards.filledByPartners,
      budgetCents: rewards.budgetCents,
      budgetPaidCents: rewards.budgetPaidCents,
      usedCents: sql<number>`(${rewards.budgetSpentCents} + ${rewards.budgetAllottedCents})::bigint`.mapWith(Number),
    })
    .from(rewards)
    .where(eq(rewards.campaignId, campaignId))
    .orderBy(asc(rewards.id))
    .for('update');
  const partnerRows =
    rewardRows.length === 0
      ? []
      : await db
          .select({ rewardId: rewardPartners.rewardId, brandId: rewardPartners.partnerBrandId, budgetCents: rewardPartners.budgetCents, paidCents: rewardPartners.paidCents })
          .from(rewardPartners)
          .where(inArray(rewardPartners.rewardId, rewardRows.map((r) => r.id)))
          .orderBy(asc(rewardPartners.id));
  return rewardRows.map((r) => ({ ...r, partners: partnerRows.filter((p) => p.rewardId === r.id) }));
}

/** A reward's paid budget and each partner's paid part, as a settlement leaves them. */
export async function setRewardPaid(db: DbOrTx, rewardId: number, budgetPaidCents: number, partners: readonly { brandId: string; paidCents: number }[]) {
  await db.update(rewards).set({ budgetPaidCents, updatedAt: new Date() }).where(eq(rewards.id, rewardId));
  for (const p of partners) {
    await db
      .update(rewardPartners)
      .set({ paidCents: p.paidCents })
      .where(and(eq(rewardPartners.rewardId, rewardId), eq(rewardPartners.partnerBrandId, p.brandId)));
  }
}

export type BillingProfileRow = typeof brandBillingProfiles.$inferSelect;

export async function findBillingProfile(db: DbOrTx, brandId: string): Promise<BillingProfileRow | undefined> {
  const [row] = await db.select().from(brandBillingProfiles).where(eq(brandBillingProfiles.brandId, brandId));
  return row;
}

export async function upsertBillingProfile(db: DbOrTx, brandId: string, profile: TBillingProfile, updatedBy: string): Promise<void> {
  const values = { ...profile, updatedBy, updatedAt: new Date() };
  await db
    .insert(brandBillingProfiles)
    .values({ brandId, ...values })
    .onConflictDoUpdate({ target: brandBillingProfiles.brandId, set: values });
}

/** Stores who a closing invoice is made out to and by (only while it is still open: the close writes it). */
export async function setInvoiceParties(db: DbOrTx, invoiceId: number, parties: { buyer: TInvoiceParty; seller: TInvoiceParty }): Promise<void> {
  await db.update(invoices).set(parties).where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')));
}

