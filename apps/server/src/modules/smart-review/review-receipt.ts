import {
  decideReceipt,
  normalizeMerchant,
  normalizeReceiptNumber,
  parseReceiptText,
  type TReceiptFlag,
  type TReceiptStatus,
} from '@rally/domain';
import { sql } from 'drizzle-orm';
import { accrueInvoiceLine } from '../billing/index.js';
import { checkFinishCriteria, settlePendingCompletion, type SettleResult } from '../engine/index.js';
import type { SmartReviewDeps } from './smart-review-deps.js';
import {
  claimScanCharge,
  earlierSameImage,
  earlierSameNumber,
  findBrandSmartReview,
  findReceipt,
  itemTitles,
  lockBrandReceipts,
  recordScan,
  uploadOf,
} from './smart-review.repository.js';

/** A day as printed on a receipt, in the campaign's zone. */
export const dayInZone = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** Thrown inside the decision's transaction to roll it back (and the charge claimed in it) when nothing was recorded. */
class NotRecorded extends Error {}

/**
 * Reads one queued receipt and decides it (rules R121–R126): OCR, then in one transaction — under a per-brand
 * lock so two copies of a receipt are never both first — the duplicate checks, the decision, the fee for the
 * receipt read, and for an accept or a reject the completion settled through the engine. A receipt no longer
 * queued (decided, replaced, retried job) is left alone.
 *
 * The brand pays once per distinct receipt: per image (sha-256 of the stored bytes) the first read that is
 * recorded is charged (`receipt_scan_charges`), and none is charged when nothing was read — a photo already sent
 * to the brand is rejected as reused without being read, and one the OCR could not read goes to a person free.
 */
export async function reviewReceipt(deps: SmartReviewDeps, receiptId: number): Promise<TReceiptStatus | null> {
  const { db } = deps;
  const r = await findReceipt(db, receiptId);
  if (!r || r.status !== 'queued') return null;
  const brand = await findBrandSmartReview(db, r.brandId);
  if (!brand) return null;
  if (!brand.enabled) {
    // Switched off after the photo was sent: a person decides, and nothing is charged.
    await db.execute(sql`update receipts set status = 'review', flags = '["smart_review_off"]'::jsonb where id = ${receiptId} and status = 'queued'`);
    return 'review';
  }
  // A photo the brand was sent before is a reused receipt whatever it says: decided without reading it (the
  // check is repeated under the lock below, for copies read at the same time).
  const knownImage = await earlierSameImage(db, r.brandId, r.imageHash, r.id);
  const upload = knownImage ? undefined : await uploadOf(db, r.brandId, r.uploadId);
  const bytes = upload ? await deps.readUpload(upload.storageKey) : null;
  let text = '';
  let ocrFailed = !knownImage && bytes === null;
  if (bytes) {
    try {
      text = (await deps.ocr.recognize(bytes)).text;
    } catch (error) {
      deps.log.warn({ err: error, receiptId }, 'receipt OCR failed; queued for a person');
      ocrFailed = true;
    }
  }
  const read = bytes !== null && !ocrFailed;
  const parsed = parseReceiptText(text);
  const titles = await itemTitles(db, r.itemsSold.map((i) => i.itemId));
  const claim = {
    salesAmountCents: r.salesAmountCents,
    itemTitles: r.itemsSold.map((i) => titles.get(i.itemId) ?? '').filter((t) => t !== ''),
    earliestDate: r.campaignStart ? dayInZone(r.campaignStart, r.campaignTimeZone) : null,
    latestDate: dayInZone(r.submittedAt, r.campaignTimeZone),
  };
  const numberKey = normalizeReceiptNumber(parsed.receiptNumber);
  const merchantKey = parsed.merchant === null ? null : normalizeMerchant(parsed.merchant) || null;

  const outcome = await db
    .transaction(async (tx) => {
      await lockBrandReceipts(tx, r.brandId);
      const duplicate =
        knownImage || (await earlierSameImage(tx, r.brandId, r.imageHash, r.id))
          ? 'image'
          : numberKey !== null && (await earlierSameNumber(tx, r.brandId, numberKey, merchantKey ?? '', r.id))
            ? 'number'
            : null;
      const decided =
        ocrFailed && duplicate === null ? { decision: 'review' as const, flags: ['ocr_failed'] as TReceiptFlag[] } : decideReceipt(parsed, claim, duplicate);
      const status: TReceiptStatus = decided.decision === 'accept' ? 'accepted' : decided.decision === 'reject' ? 'rejected' : 'review';
      // Charged only for a read, and only for the first read of this image the brand is charged for.
      const fee = brand.pricePerScanCents > 0 && read ? brand.pricePerScanCents : null;
      const charged =
        fee !== null && (await claimScanCharge(tx, { brandId: r.brandId, imageHash: r.imageHash, receiptId: r.id, feeCents: fee })) ? fee : null;
      const recorded = await recordScan(
        tx,
        r.id,
        r.imageHash,
        {
          merchant: parsed.merchant,
          merchantKey,
          receiptDate: parsed.date,
          receiptNumber: parsed.receiptNumber,
          receiptNumberKey: numberKey,
          subtotalCents: parsed.subtotalCents,
          taxCents: parsed.taxCents,
          totalCents: parsed.totalCents,
          totalConfidence: parsed.totalConfidence,
          lineItems: parsed.lineItems,
          ocrText: text.slice(0, 20_000),
        },
        { status, flags: decided.flags, feeCents: charged, automatic: status !== 'review', read },
      );
      // Retried job or replaced photo: nothing recorded, so the charge claimed above is rolled back with it.
      if (!recorded) throw new NotRecorded();
      // The receipt's fee goes on the brand's open invoice (paid from the wallet on prepaid plans).
      if (charged !== null)
        await accrueInvoiceLine(tx, { brandId: r.brandId, kind: 'smart_review', description: `Smart review: receipt #${r.id}`, amountCents: charged, campaignId: r.campaignId });
      let settled: SettleResult | null = null;
      if (status === 'accepted' || status === 'rejected') settled = await settlePendingCompletion(tx, deps.engine, r.brandId, r.completionId, status);
      return { status, settled };
    })
    .catch((error: unknown) => {
      if (error instanceof NotRecorded) return null;
      throw error;
    });
  if (outcome?.settled?.touchedStock) await checkFinishCriteria(db, r.campaignId);
  return outcome?.status ?? null;
}
