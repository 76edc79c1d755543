import { sql } from 'drizzle-orm';
import type { TReceiptFlag, TReceiptLineItem, TReceiptStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface BrandSmartReview {
  enabled: boolean;
  pricePerScanCents: number;
  currency: string;
  plan: string | null;
  paymentPlan: 'prepaid' | 'postpaid';
}

export async function findBrandSmartReview(db: DbOrTx, brandId: string): Promise<BrandSmartReview | undefined> {
  const rows = rowsOf<{ enabled: boolean; price: number; currency: string; plan: string | null; payment_plan: 'prepaid' | 'postpaid' }>(
    await db.execute(sql`select smart_review_enabled as enabled, smart_review_price_per_scan_cents as price,
      smart_review_currency as currency, smart_review_plan as plan, payment_plan
      from brands where id = ${brandId}`),
  );
  const r = rows[0];
  return r && { enabled: r.enabled, pricePerScanCents: Number(r.price), currency: r.currency, plan: r.plan, paymentPlan: r.payment_plan };
}

export async function setBrandSmartReview(db: DbOrTx, brandId: string, enabled: boolean): Promise<void> {
  await db.execute(sql`update brands set smart_review_enabled = ${enabled} where id = ${brandId}`);
}

/** A participant's completion as add-receipt needs it. */
export interface CompletionForReceipt {
  id: number;
  brandId: string;
  campaignId: number;
  status: string;
  participantKey: string | null;
  missionSubtype: string;
  isContest: boolean;
}

export async function findCompletionForReceipt(db: DbOrTx, brandId: string, completionId: number): Promise<CompletionForReceipt | undefined> {
  const rows = rowsOf<{ id: string | number; brand_id: string; campaign_id: number; status: string; participant_key: string | null; subtype: string; contest: unknown }>(
    await db.execute(sql`select c.id, c.brand_id, c.campaign_id, c.status, c.participant_key, m.subtype, cm.contest
      from completions c
      join campaign_missions cm on cm.id = c.campaign_mission_id
      join missions m on m.id = cm.mission_id
      where c.id = ${completionId} and c.brand_id = ${brandId}`),
  );
  const r = rows[0];
  return (
    r && {
      id: Number(r.id),
      brandId: r.brand_id,
      campaignId: r.campaign_id,
      status: r.status,
      participantKey: r.participant_key,
      missionSubtype: r.subtype,
      isContest: r.contest !== null,
    }
  );
}

export interface NewReceipt {
  brandId: string;
  campaignId: number;
  completionId: number;
  uploadId: string;
  imageHash: string;
  status: TReceiptStatus;
  flags: TReceiptFlag[];
}

/** One receipt per completion: a second add-receipt replaces the photo and starts the review over. */
export async function upsertReceipt(tx: DbOrTx, r: NewReceipt): Promise<{ id: number; status: TReceiptStatus }> {
  const rows = rowsOf<{ id: string | number; status: TReceiptStatus }>(
    await tx.execute(sql`
      insert into receipts (brand_id, campaign_id, completion_id, upload_id, image_hash, status, flags)
      values (${r.brandId}, ${r.campaignId}, ${r.completionId}, ${r.uploadId}, ${r.imageHash}, ${r.status}, ${JSON.stringify(r.flags)}::jsonb)
      on conflict (completion_id) do update set upload_id = excluded.upload_id, image_hash = excluded.image_hash,
        status = excluded.status, flags = excluded.flags, merchant = null, merchant_key = null, receipt_date = null,
        receipt_number = null, receipt_number_key = null, subtotal_cents = null, tax_cents = null, total_cents = null,
        total_confidence = null, line_items = '[]'::jsonb, ocr_text = null, scanned_at = null, reviewer = null,
        reviewer_id = null, reason = null, reviewed_at = null
      where receipts.status in ('queued', 'review')
      returning id, status`),
  );
  const row = rows[0];
  if (!row) throw new Error('receipt already decided');
  return { id: Number(row.id), status: row.status };
}

/** An earlier receipt of the brand with the same photo (sha256 of the bytes). */
export async function earlierSameImage(db: DbOrTx, brandId: string, imageHash: string, beforeId: number | null): Promise<boolean> {
  const rows = rowsOf<{ id: unknown }>(
    await db.execute(sql`select id from receipts where brand_id = ${brandId} and image_hash = ${imageHash}
      ${beforeId === null ? sql`` : sql`and id < ${beforeId}`} limit 1`),
  );
  return rows.length > 0;
}

/**
 * Claims the brand's one charge for a receipt image (sha-256 of its bytes): true when this read is the first of
 * that image to be charged, false when the brand paid for it already (sent twice, read again after a replacement,
 * or read at the same time by another job — the primary key decides). Call in the transaction that charges.
 */
export async function claimScanCharge(tx: DbOrTx, c: { brandId: string; imageHash: string; receiptId: number; feeCents: number }): Promise<boolean> {
  const rows = rowsOf<{ receipt_id: unknown }>(
    await tx.execute(sql`insert into receipt_scan_charges (brand_id, image_hash, receipt_id, fee_cents)
      values (${c.brandId}, ${c.imageHash}, ${c.receiptId}, ${c.feeCents})
      on conflict (brand_id, image_hash) do nothing
      returning receipt_id`),
  );
  return rows.length > 0;
}

/** An earlier receipt of the brand from the same merchant with the same receipt number. */
export async function earlierSameNumber(db: DbOrTx, brandId: string, numberKey: string, merchantKey: string, beforeId: number): Promise<boolean> {
  const rows = rowsOf<{ id: unknown }>(
    await db.execute(sql`select id from receipts where brand_id = ${brandId} and receipt_number_key = ${numberKey}
      and coalesce(merchant_key, '') = ${merchantKey} and id < ${beforeId} limit 1`),
  );
  return rows.length > 0;
}

/** Serialises decisions of one brand's receipts, so two copies of a receipt read at once are not both "first". */
export async function lockBrandReceipts(tx: DbOrTx, brandId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipts:${brandId}`}))`);
}

export interface ReceiptForReview {
  id: number;
  brandId: string;
  campaignId: number;
  completionId: number;
  uploadId: string;
  imageHash: string;
  status: TReceiptStatus;
  salesAmountCents: number;
  itemsSold: { itemId: number; quantity: number }[];
  campaignStart: Date | null;
  campaignTimeZone: string;
  submittedAt: Date;
}

export async function findReceipt(db: DbOrTx, receiptId: number, brandId?: string): Promise<ReceiptForReview | undefined> {
  const rows = rowsOf<{
    id: string | number;
    brand_id: string;
    campaign_id: number;
    completion_id: string | number;
    upload_id: string;
    image_hash: string;
    status: TReceiptStatus;
    sales_amount_cents: string | number;
    items_sold: { itemId: number; quantity: number }[];
    start_date: Date | string | null;
    time_zone: string;
    created_at: Date | string;
  }>(
    await db.execute(sql`select r.id, r.brand_id, r.campaign_id, r.completion_id, r.upload_id, r.image_hash, r.status,
        c.sales_amount_cents, c.items_sold, k.start_date, k.time_zone, c.created_at
      from receipts r join completions c on c.id = r.completion_id join campaigns k on k.id = r.campaign_id
      where r.id = ${receiptId} ${brandId === undefined ? sql`` : sql`and r.brand_id = ${brandId}`}`),
  );
  const r = rows[0];
  return (
    r && {
      id: Number(r.id),
      brandId: r.brand_id,
      campaignId: r.campaign_id,
      completionId: Number(r.completion_id),
      uploadId: r.upload_id,
      imageHash: r.image_hash,
      status: r.status,
      salesAmountCents: Number(r.sales_amount_cents),
      itemsSold: r.items_sold ?? [],
      campaignStart: r.start_date === null ? null : new Date(r.start_date),
      campaignTimeZone: r.time_zone,
      submittedAt: new Date(r.created_at),
    }
  );
}

export async function itemTitles(db: DbOrTx, itemIds: number[]): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; title: string }>(
    await db.execute(sql`select id, title from mission_items where id = any(${`{${itemIds.join(',')}}`}::int[])`),
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}

export interface ReadFields {
  merchant: string | null;
  merchantKey: string | null;
  receiptDate: string | null;
  receiptNumber: string | null;
  receiptNumberKey: string | null;
  subtotalCents: number | null;
  taxCents: number | null;
  totalCents: number | null;
  totalConfidence: string;
  lineItems: TReceiptLineItem[];
  ocrText: string;
}

/**
 * Records what the OCR read and the decision, only while the receipt is still queued (a retried job, or
 * a photo replaced meanwhile, changes nothing); true when this call recorded it. scanned_at says the OCR read it
 * (a reused photo is decided unread).
 */
export async function recordScan(
  tx: DbOrTx,
  receiptId: number,
  imageHash: string,
  f: ReadFields,
  outcome: { status: TReceiptStatus; flags: TReceiptFlag[]; feeCents: number | null; automatic: boolean; read: boolean },
): Promise<boolean> {
  const rows = rowsOf<{ id: unknown }>(
    await tx.execute(sql`update receipts set merchant = ${f.merchant}, merchant_key = ${f.merchantKey}, receipt_date = ${f.receiptDate},
        receipt_number = ${f.receiptNumber}, receipt_number_key = ${f.receiptNumberKey}, subtotal_cents = ${f.subtotalCents},
        tax_cents = ${f.taxCents}, total_cents = ${f.totalCents}, total_confidence = ${f.totalConfidence},
        line_items = ${JSON.stringify(f.lineItems)}::jsonb, ocr_text = ${f.ocrText}, flags = ${JSON.stringify(outcome.flags)}::jsonb,
        status = ${outcome.status}, scanned_at = ${outcome.read ? sql`now()` : null}, fee_cents = ${outcome.feeCents},
        reviewer = ${outcome.automatic ? 'smart-review' : null}, reviewed_at = ${outcome.automatic ? sql`now()` : null}
      where id = ${receiptId} and status = 'queued' and image_hash = ${imageHash}
      returning id`),
  );
  return rows.length > 0;
}

/** A person's decision on a receipt in the queue; false when it is not (any more) waiting for one. */
export async function recordManualDecision(
  tx: DbOrTx,
  brandId: string,
  receiptId: number,
  d: { status: 'accepted' | 'rejected'; reviewer: string; reviewerId: string; reason: string | null },
): Promise<{ completionId: number } | null> {
  const rows = rowsOf<{ completion_id: string | number }>(
    await tx.execute(sql`update receipts set status = ${d.status}, reviewer = ${d.reviewer}, reviewer_id = ${d.reviewerId},
        reason = ${d.reason}, reviewed_at = now()
      where id = ${receiptId} and brand_id = ${brandId} and status = 'review'
      returning completion_id`),
  );
  return rows[0] ? { completionId: Number(rows[0].completion_id) } : null;
}

export async function receiptStatus(db: DbOrTx, brandId: string, receiptId: number): Promise<TReceiptStatus | undefined> {
  const rows = rowsOf<{ status: TReceiptStatus }>(await db.execute(sql`select status from receipts where id = ${receiptId} and brand_id = ${brandId}`));
  return rows[0]?.status;
}

/** Receipts still waiting for the OCR (re-queued at start: the in-process queue does not survive a restart). */
export async function queuedReceiptIds(db: DbOrTx): Promise<number[]> {
  const rows = rowsOf<{ id: string | number }>(await db.execute(sql`select id from receipts where status = 'queued' order by id limit 10000`));
  return rows.map((r) => Number(r.id));
}

export interface ReceiptListRow {
  id: string | number;
  completion_id: string | number;
  campaign_id: number;
  campaign_name: string;
  mission_title: string;
  participant_name: string | null;
  store_name: string | null;
  status: TReceiptStatus;
  upload_id: string;
  merchant: string | null;
  receipt_date: string | null;
  receipt_number: string | null;
  subtotal_cents: string | number | null;
  tax_cents: string | number | null;
  total_cents: string | number | null;
  total_confidence: string | null;
  line_items: TReceiptLineItem[];
  flags: TReceiptFlag[];
  sales_amount_cents: string | number;
  items_sold: { itemId: number; quantity: number }[];
  reviewer: string | null;
  reason: string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
  currency: string;
}

export async function listReceipts(
  db: DbOrTx,
  brandId: string,
  q: { status: TReceiptStatus; campaignId?: number | undefined; offset: number; limit: number; id?: number },
): Promise<{ rows: ReceiptListRow[]; total: number; waiting: number }> {
  const byCampaign = q.campaignId === undefined ? sql`` : sql`and r.campaign_id = ${q.campaignId}`;
  const which = q.id === undefined ? sql`r.status = ${q.status}` : sql`r.id = ${q.id}`;
  // The queue is worked oldest first; decided receipts are shown newest first.
  const order = q.status === 'review' || q.status === 'queued' ? sql`r.id asc` : sql`r.reviewed_at desc nulls last, r.id desc`;
  const [rows, counts] = await Promise.all([
    db.execute(sql`select r.id, r.completion_id, r.campaign_id, k.name as campaign_name, m.title as mission_title,
        coalesce(su.name, co.name) as participant_name, s.name as store_name, r.status, r.upload_id, r.merchant,
        r.receipt_date, r.receipt_number, r.subtotal_cents, r.tax_cents, r.total_cents, r.total_confidence, r.line_items,
        r.flags, c.sales_amount_cents, c.items_sold, r.reviewer, r.reason, r.reviewed_at, r.created_at, b.currency
      from receipts r
      join completions c on c.id = r.completion_id
      join campaigns k on k.id = r.campaign_id
      join campaign_missions cm on cm.id = c.campaign_mission_id
      join missions m on m.id = cm.mission_id
      join brands b on b.id = r.brand_id
      left join store_users su on su.id = c.store_user_id
      left join consumers co on co.id = c.consumer_id
      left join stores s on s.id = c.store_id
      where r.brand_id = ${brandId} and ${which} ${byCampaign}
      order by ${order} limit ${q.limit} offset ${q.offset}`),
    db.execute(sql`select
        (select count(*)::int from receipts r where r.brand_id = ${brandId} and r.status = ${q.status} ${byCampaign}) as total,
        (select count(*)::int from receipts r where r.brand_id = ${brandId} and r.status = 'review' ${byCampaign}) as waiting`),
  ]);
  const c = rowsOf<{ total: number; waiting: number }>(counts)[0];
  return { rows: rowsOf<ReceiptListRow>(rows), total: Number(c?.total ?? 0), waiting: Number(c?.waiting ?? 0) };
}

export async function uploadOf(db: DbOrTx, brandId: string, uploadId: string): Promise<{ storageKey: string; contentType: string; participantKey: string } | undefined> {
  const rows = rowsOf<{ storage_key: string; content_type: string; participant_key: string }>(
    await db.execute(sql`select storage_key, content_type, participant_key from play_uploads where id = ${uploadId} and brand_id = ${brandId}`),
  );
  const r = rows[0];
  return r && { storageKey: r.storage_key, contentType: r.content_type, participantKey: r.participant_key };
}

export async function receiptUploadId(db: DbOrTx, brandId: string, receiptId: number): Promise<string | undefined> {
  const rows = rowsOf<{ upload_id: string }>(await db.execute(sql`select upload_id from receipts where id = ${receiptId} and brand_id = ${brandId}`));
  return rows[0]?.upload_id;
}

/** The completion's own receipt row tracks its upload id (kept on completions for the engine's history). */
export async function setCompletionReceipt(tx: DbOrTx, completionId: number, uploadId: string): Promise<void> {
  await tx.execute(sql`update completions set receipt_upload_id = ${uploadId} where id = ${completionId}`);
}
