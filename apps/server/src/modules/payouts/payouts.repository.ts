import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TPayoutApproval, TPayoutListQuery, TPayoutMethod, TPayoutStatus } from '@rally/domain';
import { PAYOUT_MINIMUM_DEFAULT_CENTS } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brands, payoutBalances, payoutDetails, payoutEvents, payoutLedger, payoutSettings, payouts } from '../../db/schema/index.js';

export type PayoutRow = typeof payouts.$inferSelect & { brandName: string };

const payoutColumns = {
  id: payouts.id,
  brandId: payouts.brandId,
  participant: payouts.participant,
  participantName: payouts.participantName,
  participantEmail: payouts.participantEmail,
  amountCents: payouts.amountCents,
  currency: payouts.currency,
  method: payouts.method,
  address: payouts.address,
  accountHolder: payouts.accountHolder,
  status: payouts.status,
  provider: payouts.provider,
  providerRef: payouts.providerRef,
  failureMessage: payouts.failureMessage,
  idempotencyKey: payouts.idempotencyKey,
  approvedBy: payouts.approvedBy,
  requestedAt: payouts.requestedAt,
  sentAt: payouts.sentAt,
  completedAt: payouts.completedAt,
  brandName: brands.name,
};

export interface PayoutSettingsRow {
  minimumCents: number;
  approval: TPayoutApproval;
}

export async function findSettings(db: DbOrTx, brandId: string): Promise<PayoutSettingsRow> {
  const [row] = await db.select({ minimumCents: payoutSettings.minimumCents, approval: payoutSettings.approval }).from(payoutSettings).where(eq(payoutSettings.brandId, brandId));
  return row ?? { minimumCents: PAYOUT_MINIMUM_DEFAULT_CENTS, approval: 'automatic' };
}

export async function saveSettings(db: DbOrTx, brandId: string, s: PayoutSettingsRow): Promise<void> {
  await db
    .insert(payoutSettings)
    .values({ brandId, ...s })
    .onConflictDoUpdate({ target: payoutSettings.brandId, set: { ...s, updatedAt: sql`now()` } });
}

export interface DetailsRow {
  method: TPayoutMethod;
  address: string;
  accountHolder: string | null;
}

export async function findDetails(db: DbOrTx, brandId: string, participant: string): Promise<DetailsRow | undefined> {
  const [row] = await db
    .select({ method: payoutDetails.method, address: payoutDetails.address, accountHolder: payoutDetails.accountHolder })
    .from(payoutDetails)
    .where(and(eq(payoutDetails.brandId, brandId), eq(payoutDetails.participant, participant)));
  return row;
}

export async function saveDetails(db: DbOrTx, brandId: string, participant: string, d: DetailsRow): Promise<void> {
  await db
    .insert(payoutDetails)
    .values({ brandId, participant, ...d })
    .onConflictDoUpdate({ target: [payoutDetails.brandId, payoutDetails.participant], set: { ...d, updatedAt: sql`now()` } });
}

export interface BalanceRow {
  brandId: string;
  brandName: string;
  currency: string;
  balanceCents: number;
  inFlightCents: number;
  paidCents: number;
  minimumCents: number;
  approval: TPayoutApproval;
}

/** A participant's balance at every brand they earned money from, with that brand's rules and what is on its way. */
export async function balancesOf(db: DbOrTx, participant: string): Promise<BalanceRow[]> {
  const rows = await db
    .select({
      brandId: payoutBalances.brandId,
      brandName: brands.name,
      currency: brands.currency,
      balanceCents: payoutBalances.balanceCents,
      inFlightCents: sql<string>`coalesce((select sum(p.amount_cents) from payouts p where p.brand_id = ${payoutBalances.brandId} and p.participant = ${participant} and p.status in ('requested', 'pending')), 0)`,
      paidCents: sql<string>`coalesce((select sum(p.amount_cents) from payouts p where p.brand_id = ${payoutBalances.brandId} and p.participant = ${participant} and p.status = 'paid'), 0)`,
      minimumCents: sql<string>`coalesce(${payoutSettings.minimumCents}, ${PAYOUT_MINIMUM_DEFAULT_CENTS})`,
      approval: sql<TPayoutApproval>`coalesce(${payoutSettings.approval}, 'automatic')`,
    })
    .from(payoutBalances)
    .innerJoin(brands, eq(brands.id, payoutBalances.brandId))
    .leftJoin(payoutSettings, eq(payoutSettings.brandId, payoutBalances.brandId))
    .where(eq(payoutBalances.participant, participant))
    .orderBy(brands.name);
  return rows.map((r) => ({ ...r, inFlightCents: Number(r.inFlightCents), paidCents: Number(r.paidCents), minimumCents: Number(r.minimumCents) }));
}

/** Locks the participant's balance at the brand until the transaction ends: requests of one participant queue here. */
export async function lockBalance(db: DbOrTx, brandId: string, participant: string): Promise<number> {
  const [row] = await db
    .select({ balanceCents: payoutBalances.balanceCents })
    .from(payoutBalances)
    .where(and(eq(payoutBalances.brandId, brandId), eq(payoutBalances.participant, participant)))
    .for('update');
  return row?.balanceCents ?? 0;
}

export async function brandCurrency(db: DbOrTx, brandId: string): Promise<{ name: string; currency: string } | undefined> {
  const [row] = await db.select({ name: brands.name, currency: brands.currency }).from(brands).where(eq(brands.id, brandId));
  return row;
}

export async function findPayoutByKey(db: DbOrTx, brandId: string, participant: string, key: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(brands, eq(brands.id, payouts.brandId))
    .where(and(eq(payouts.brandId, brandId), eq(payouts.participant, participant), eq(payouts.idempotencyKey, key)));
  return row;
}

export async function findPayout(db: DbOrTx, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select(payoutColumns).from(payouts).innerJoin(brands, eq(brands.id, payouts.brandId)).where(eq(payouts.id, id));
  return row;
}

export async function findPayoutByRef(db: DbOrTx, provider: string, ref: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(brands, eq(brands.id, payouts.brandId))
    .where(and(eq(payouts.provider, provider), eq(payouts.providerRef, ref)));
  return row;
}

export type NewPayout = Omit<typeof payouts.$inferInsert, 'requestedAt' | 'sentAt' | 'completedAt' | 'failureMessage' | 'providerRef' | 'approvedBy'>;

/** The payout and its debit, in the caller's transaction (the CHECK on the balance refuses more than is left). */
export async function insertPayout(db: DbOrTx, p: NewPayout): Promise<void> {
  await db.insert(payouts).values(p);
  await db.insert(payoutLedger).values({ brandId: p.brandId, participant: p.participant, kind: 'payout', amountCents: -p.amountCents, payoutId: p.id });
}

export async function payoutsOfParticipant(db: DbOrTx, participant: string): Promise<PayoutRow[]> {
  return db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(brands, eq(brands.id, payouts.brandId))
    .where(eq(payouts.participant, participant))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(100);
}

function listWhere(brandId: string, q: TPayoutListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(payouts.brandId, brandId)];
  if (q.status) conditions.push(eq(payouts.status, q.status));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(payouts.participantName, like), ilike(payouts.participantEmail, like), ilike(payouts.address, like)));
  }
  if (q.from !== undefined) conditions.push(gte(payouts.requestedAt, new Date(q.from * 1000)));
  if (q.to !== undefined) conditions.push(lt(payouts.requestedAt, new Date(q.to * 1000)));
  return and(...conditions)!;
}

export async function listBrandPayouts(db: DbOrTx, brandId: string, q: TPayoutListQuery, limit: number): Promise<PayoutRow[]> {
  return db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(brands, eq(brands.id, payouts.brandId))
    .where(listWhere(brandId, q))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(limit);
}

export async function brandTotals(db: DbOrTx, brandId: string): Promise<Record<TPayoutStatus, number>> {
  const rows = await db
    .select({ status: payouts.status, total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
    .from(payouts)
    .where(eq(payouts.brandId, brandId))
    .groupBy(payouts.status);
  const totals: Record<TPayoutStatus, number> = { requested: 0, pending: 0, paid: 0, failed: 0 };
  for (const r of rows) totals[r.status] = Number(r.total);
  return totals;
}

/** Moves the brand's requested payouts (all, or those listed) to pending; the ids moved. */
export async function approveRequested(db: DbOrTx, brandId: string, ids: string[] | undefined, approvedBy: string): Promise<{ id: string; amountCents: number }[]> {
  return db
    .update(payouts)
    .set({ status: 'pending', approvedBy })
    .where(and(eq(payouts.brandId, brandId), eq(payouts.status, 'requested'), ids ? inArray(payouts.id, ids) : undefined))
    .returning({ id: payouts.id, amountCents: payouts.amountCents });
}

/** Pending payouts never handed to the provider (the process stopped in between), older than `before`. */
export async function unsentPending(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), sql`${payouts.sentAt} is null`, lt(payouts.requestedAt, before)))
    .orderBy(payouts.requestedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function markSent(db: DbOrTx, id: string, provider: string, providerRef: string): Promise<void> {
  await db
    .update(payouts)
    .set({ provider, providerRef, sentAt: sql`coalesce(${payouts.sentAt}, now())` })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')));
}

/** pending → paid; false when it was not pending (paid or failed already). */
export async function markPaid(db: DbOrTx, id: string, provider: string, providerRef: string | null): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ status: 'paid', provider, providerRef: providerRef ?? sql`${payouts.providerRef}`, sentAt: sql`coalesce(${payouts.sentAt}, now())`, completedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** requested | pending → failed, and its amount back to the balance (one return per payout: unique index). */
export async function markFailed(db: DbOrTx, id: string, message: string, provider: string | null, providerRef: string | null): Promise<boolean> {
  const [row] = await db
    .update(payouts)
    .set({
      status: 'failed',
      failureMessage: message,
      provider: provider ?? sql`${payouts.provider}`,
      providerRef: providerRef ?? sql`${payouts.providerRef}`,
      completedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, id), inArray(payouts.status, ['requested', 'pending'])))
    .returning({ brandId: payouts.brandId, participant: payouts.participant, amountCents: payouts.amountCents });
  if (!row) return false;
  await db.insert(payoutLedger).values({ brandId: row.brandId, participant: row.participant, kind: 'returned', amountCents: row.amountCents, payoutId: id });
  return true;
}

/** Records a provider callback by id; false when it was handled before. */
export async function recordPayoutEvent(db: DbOrTx, e: { id: string; provider: string; type: string }): Promise<boolean> {
  const rows = await db.insert(payoutEvents).values({ id: `${e.provider}:${e.id}`, provider: e.provider, type: e.type }).onConflictDoNothing().returning({ id: payoutEvents.id });
  return rows.length > 0;
}

/** The ledger's sum for one participant at one brand (tests and the invariant: it equals the balance row). */
export async function ledgerSum(db: DbOrTx, brandId: string, participant: string): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${payoutLedger.amountCents}), 0)` })
    .from(payoutLedger)
    .where(and(eq(payoutLedger.brandId, brandId), eq(payoutLedger.participant, participant)));
  return Number(row?.s ?? 0);
}
