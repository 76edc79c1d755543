import { canRequestPayout, maskedAddress, type TMyPayouts, type TPayout, type TPayoutList, type TPayoutListQuery, type TPayoutProviderName } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import type { RequestActor } from '../auth/index.js';
import { balancesOf, brandCurrency, brandTotals, findDetails, listBrandPayouts, payoutsOfParticipant, type PayoutRow } from './payouts.repository.js';

/** Who asks, from the /play session: the participant key ('u:<id>' / 'c:<id>'), their home brand, name and email. */
export interface PayoutParticipant {
  key: string;
  homeBrandId: string;
  name: string;
  email: string | null;
}

const epoch = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 1000));

export function toPayout(r: PayoutRow): TPayout {
  return {
    id: r.id,
    brandId: r.brandId,
    brandName: r.brandName,
    participant: r.participant,
    participantName: r.participantName,
    participantEmail: r.participantEmail,
    amountCents: r.amountCents,
    currency: r.currency,
    method: r.method,
    address: maskedAddress(r.method, r.address),
    status: r.status,
    provider: (r.provider as TPayoutProviderName | null) ?? null,
    providerRef: r.providerRef,
    failureMessage: r.failureMessage,
    requestedAt: epoch(r.requestedAt)!,
    completedAt: epoch(r.completedAt),
  };
}

export async function getMyPayouts(db: DbOrTx, who: PayoutParticipant, testMode: boolean): Promise<TMyPayouts> {
  const [balances, details, rows] = await Promise.all([balancesOf(db, who.key), findDetails(db, who.homeBrandId, who.key), payoutsOfParticipant(db, who.key)]);
  return {
    balances: balances.map((b) => ({ ...b, canRequest: canRequestPayout(b.balanceCents, b.minimumCents) })),
    details: details ? { method: details.method, address: maskedAddress(details.method, details.address), accountHolder: details.accountHolder } : null,
    payouts: rows.map(toPayout),
    testMode,
  };
}

/** The brand's payouts, newest first (the list shows 500; the CSV takes up to 50,000), with totals by status. */
export async function listPayouts(db: DbOrTx, actor: RequestActor, q: TPayoutListQuery): Promise<TPayoutList> {
  const [rows, totals, brand] = await Promise.all([listBrandPayouts(db, actor.brandId, q, 500), brandTotals(db, actor.brandId), brandCurrency(db, actor.brandId)]);
  return {
    items: rows.map(toPayout),
    totals: { requestedCents: totals.requested, pendingCents: totals.pending, paidCents: totals.paid, failedCents: totals.failed },
    currency: brand?.currency ?? 'USD',
  };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export async function payoutsCsv(db: DbOrTx, actor: RequestActor, q: TPayoutListQuery): Promise<string> {
  const rows = await listBrandPayouts(db, actor.brandId, q, 50_000);
  const header = ['payout_id', 'requested_at', 'participant', 'email', 'amount', 'currency', 'method', 'address', 'status', 'provider', 'provider_ref', 'completed_at', 'failure'];
  const lines = rows.map((r) =>
    [
      r.id,
      r.requestedAt.toISOString(),
      r.participantName,
      r.participantEmail,
      (r.amountCents / 100).toFixed(2),
      r.currency,
      r.method,
      maskedAddress(r.method, r.address),
      r.status,
      r.provider,
      r.providerRef,
      r.completedAt?.toISOString() ?? null,
      r.failureMessage,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
