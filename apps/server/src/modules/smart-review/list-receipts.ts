import { RECEIPT_LIST_PER_PAGE, type TReceiptList, type TReceiptListQuery, type TReceiptRow } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { findVisibleCampaign } from '../campaign/index.js';
import { itemTitles, listReceipts, type ReceiptListRow } from './smart-review.repository.js';

const num = (v: string | number | null) => (v === null ? null : Number(v));
const epoch = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

function toRow(r: ReceiptListRow, titles: Map<number, string>): TReceiptRow {
  const id = Number(r.id);
  return {
    id,
    completionId: Number(r.completion_id),
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    missionTitle: r.mission_title,
    participantName: r.participant_name ?? '',
    storeName: r.store_name,
    status: r.status,
    imageUrl: `/api/receipt-scan/receipts/${id}/image`,
    extracted: {
      merchant: r.merchant,
      date: r.receipt_date,
      receiptNumber: r.receipt_number,
      subtotalCents: num(r.subtotal_cents),
      taxCents: num(r.tax_cents),
      totalCents: num(r.total_cents),
      totalConfidence: (r.total_confidence as TReceiptRow['extracted']['totalConfidence']) ?? null,
      lineItems: r.line_items ?? [],
    },
    claimed: {
      salesAmountCents: Number(r.sales_amount_cents),
      items: (r.items_sold ?? []).map((i) => ({ itemId: i.itemId, title: titles.get(i.itemId) ?? '', quantity: i.quantity })),
    },
    flags: r.flags ?? [],
    reviewer: r.reviewer,
    reason: r.reason,
    reviewedAt: r.reviewed_at === null ? null : epoch(r.reviewed_at),
    createdAt: epoch(r.created_at),
    currency: r.currency,
  };
}

async function withTitles(db: DbOrTx, rows: ReceiptListRow[]): Promise<TReceiptRow[]> {
  const titles = await itemTitles(db, [...new Set(rows.flatMap((r) => (r.items_sold ?? []).map((i) => i.itemId)))]);
  return rows.map((r) => toRow(r, titles));
}

/** The review queue (status review, oldest first) or the decided receipts, a page at a time. */
export async function listReceiptPage(db: DbOrTx, brandId: string, q: TReceiptListQuery): Promise<TReceiptList> {
  // Another brand's campaign is a 404, as everywhere else, not an empty page.
  if (q.campaignId !== undefined && !(await findVisibleCampaign(db, brandId, q.campaignId))) throw notFound('Campaign');
  const perPage = RECEIPT_LIST_PER_PAGE;
  const { rows, total, waiting } = await listReceipts(db, brandId, {
    status: q.status,
    campaignId: q.campaignId,
    offset: (q.currentPage - 1) * perPage,
    limit: perPage,
  });
  return {
    items: await withTitles(db, rows),
    _meta: { totalCount: total, pageCount: Math.ceil(total / perPage), currentPage: q.currentPage, perPage },
    waiting,
  };
}

export async function getReceiptRow(db: DbOrTx, brandId: string, receiptId: number): Promise<TReceiptRow | undefined> {
  const { rows } = await listReceipts(db, brandId, { status: 'review', offset: 0, limit: 1, id: receiptId });
  return (await withTitles(db, rows))[0];
}
