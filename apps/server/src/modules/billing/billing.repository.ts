import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TBrandCurrency, TLedgerKind, TPaymentPlan } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brands, invoiceLines, invoices, members, paymentEvents, payments, rewardPartners, rewards, users, walletLedger } from '../../db/schema/index.js';

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

export async function listInvoiceLines(db: DbOrTx, invoiceId: number): Promise<InvoiceLineRow[]> {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.id));
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
};

export async function listLedger(db: DbOrTx, filter: LedgerFilter, page: { offset: number; limit: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select(ledgerColumns)
      .from(walletLedger)
      .leftJoin(users, eq(users.id, walletLedger.createdBy))
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

export async function insertPayment(
  db: DbOrTx,
  row: { id: string; brandId: string; provider: string; amountCents: number; currency: string; invoiceId: number | null; createdBy: string | null },
): Promise<void> {
  await db.insert(payments).values({ ...row, status: 'pending' });
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

export async function markPaymentFailed(db: DbOrTx, id: string, message: string, at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message, completedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
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
