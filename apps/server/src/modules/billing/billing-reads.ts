import { stringify } from 'csv-stringify/sync';
import { nameMoneyText, neutraliseCell, rewardDisplayTitle, type TBillingProfile, type TBillingSummary, type TInvoiceParty, type TInvoice, type TInvoiceDetail, type TLedgerKind, type TLedgerPage, type TLedgerQuery } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import {
  findBillingProfile,
  findBrandWallet,
  findInvoice,
  findUnpaidInvoice,
  iterateLedger,
  listInvoiceLines,
  listInvoices,
  listLedger,
  type InvoiceRow,
  type LedgerFilter,
} from './billing.repository.js';
import { buyerOf } from './close-invoices.js';
import { lineDescription, renderInvoicePdf } from './invoice-pdf.js';
import type { PaymentProvider } from './payment-provider.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export async function getBillingSummary(db: Db, provider: PaymentProvider, actor: RequestActor): Promise<TBillingSummary> {
  const [wallet, unpaid] = await Promise.all([findBrandWallet(db, actor.brandId), findUnpaidInvoice(db, actor.brandId)]);
  return {
    walletBalance: wallet.walletBalanceCents,
    currency: wallet.currency,
    paymentPlan: wallet.paymentPlan,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    testMode: provider.testMode,
    unpaidInvoiceId: unpaid?.id ?? null,
  };
}

/** The ledger filter: kind, and whole UTC days from … to (inclusive). */
export function ledgerFilter(brandId: string, query: Pick<TLedgerQuery, 'kind' | 'from' | 'to'>): LedgerFilter {
  const day = (s: string | undefined, path: string) => {
    if (s === undefined) return undefined;
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) throw invalid([{ path, message: 'not a date (YYYY-MM-DD)' }]);
    return d;
  };
  const from = day(query.from, 'from');
  const toDay = day(query.to, 'to');
  const to = toDay ? new Date(toDay.getTime() + 86_400_000) : undefined;
  if (from && to && from >= to) throw invalid([{ path: 'to', message: 'must not be before from' }]);
  return { brandId, kinds: query.kind ? [query.kind as TLedgerKind] : undefined, from, to };
}

type LedgerRow = Awaited<ReturnType<typeof listLedger>>['items'][number];

/** What a ledger row moved money for, named: the campaign, the reward (its money default when untitled), the note. */
function ledgerNames(r: LedgerRow, currency: string) {
  const rewardTitle = r.rewardType ? rewardDisplayTitle({ title: r.rewardTitle ?? '', type: r.rewardType, amountCents: r.rewardAmountCents }, currency) : null;
  const note = r.note === null ? null : nameMoneyText(r.note, { campaignId: r.campaignId, campaignName: r.campaignName, rewardTitle });
  return { campaignName: r.campaignName ?? null, rewardTitle, note };
}

export async function getLedgerPage(db: Db, actor: RequestActor, query: TLedgerQuery): Promise<TLedgerPage> {
  const [page, wallet] = await Promise.all([
    listLedger(db, ledgerFilter(actor.brandId, query), { offset: (query.currentPage - 1) * query.perPage, limit: query.perPage }),
    findBrandWallet(db, actor.brandId),
  ]);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amountCents,
      campaignId: r.campaignId,
      invoiceId: r.invoiceId,
      ...ledgerNames(r, wallet.currency),
      createdBy: r.createdByName,
      createdAt: seconds(r.createdAt),
    })),
    _meta: { totalCount: page.totalCount, pageCount: Math.ceil(page.totalCount / query.perPage), currentPage: query.currentPage, perPage: query.perPage },
  };
}

/**
 * The ledger as CSV, streamed page by page. Text cells that a spreadsheet would run as a formula (= + - @ tab CR
 * first) get a leading apostrophe (product rule R61); amounts are plain numbers.
 */
export async function* ledgerCsv(db: Db, actor: RequestActor, query: Pick<TLedgerQuery, 'kind' | 'from' | 'to'>): AsyncGenerator<string> {
  const wallet = await findBrandWallet(db, actor.brandId);
  const filter = ledgerFilter(actor.brandId, query);
  yield stringify([['id', 'date (UTC)', 'kind', 'amount', 'currency', 'campaign', 'campaign name', 'reward', 'invoice', 'note', 'by']]);
  for await (const rows of iterateLedger(db, filter)) {
    yield stringify(
      rows.map((r) => {
        const names = ledgerNames(r, wallet.currency);
        return [
          r.id,
          r.createdAt.toISOString().replace('T', ' ').slice(0, 19),
          r.kind,
          (r.amountCents / 100).toFixed(2),
          wallet.currency,
          r.campaignId ?? '',
          neutraliseCell(names.campaignName ?? ''),
          neutraliseCell(names.rewardTitle ?? ''),
          r.invoiceId ?? '',
          neutraliseCell(names.note ?? ''),
          neutraliseCell(r.createdByName ?? ''),
        ];
      }),
    );
  }
}

export const toApiInvoice = (r: InvoiceRow): TInvoice => ({
  id: r.id,
  number: r.number,
  period: r.period ?? '',
  status: r.status,
  amount: r.amountCents,
  currency: r.currency,
  closedAt: r.closedAt ? seconds(r.closedAt) : null,
  dueAt: r.dueAt ? seconds(r.dueAt) : null,
  paidAt: r.paidAt ? seconds(r.paidAt) : null,
});

export async function getInvoices(db: Db, actor: RequestActor): Promise<{ items: TInvoice[] }> {
  return { items: (await listInvoices(db, actor.brandId)).map(toApiInvoice) };
}

export async function getInvoice(db: Db, actor: RequestActor, invoiceId: number): Promise<TInvoiceDetail> {
  const invoice = await findInvoice(db, actor.brandId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  const lines = await listInvoiceLines(db, invoice.id);
  return {
    ...toApiInvoice(invoice),
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind as TInvoiceDetail['lines'][number]['kind'],
      description: lineDescription(l),
      amount: l.amountCents,
      campaignId: l.campaignId,
      campaignName: l.campaignName,
      createdAt: seconds(l.createdAt),
    })),
    buyer: invoice.buyer ?? null,
    seller: invoice.seller ?? null,
  };
}

/**
 * The invoice PDF: a closed invoice with the buyer and seller it was issued to and by; the open one with the
 * brand's current billing profile and Rally's current details.
 */
export async function getInvoicePdf(db: Db, actor: RequestActor, invoiceId: number, seller: TInvoiceParty): Promise<{ filename: string; pdf: Buffer }> {
  const invoice = await findInvoice(db, actor.brandId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  const [lines, wallet, profile] = await Promise.all([listInvoiceLines(db, invoice.id), findBrandWallet(db, actor.brandId), findBillingProfile(db, actor.brandId)]);
  const pdf = await renderInvoicePdf({ invoice, lines, buyer: invoice.buyer ?? buyerOf(wallet.name, profile), seller: invoice.seller ?? seller });
  return { filename: `${invoice.number ?? `draft-${invoice.period}`}.pdf`, pdf };
}

/** The brand's billing profile, or null before it is filled in. */
export async function getBillingProfile(db: Db, actor: RequestActor): Promise<{ profile: TBillingProfile | null }> {
  const row = await findBillingProfile(db, actor.brandId);
  if (!row) return { profile: null };
  return {
    profile: {
      legalName: row.legalName,
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      city: row.city,
      region: row.region,
      postalCode: row.postalCode,
      country: row.country,
      taxId: row.taxId,
      taxLabel: row.taxLabel,
      taxRateBasisPoints: row.taxRateBasisPoints,
    },
  };
}
