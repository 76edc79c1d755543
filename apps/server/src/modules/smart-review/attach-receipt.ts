import { createHash } from 'node:crypto';
import type { TAddReceiptBody, TAddReceiptResult, TReceiptFlag } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import type { SmartReviewDeps } from './smart-review-deps.js';
import { queueReceiptReview } from './smart-review-deps.js';
import {
  earlierSameImage,
  findBrandSmartReview,
  findCompletionForReceipt,
  setCompletionReceipt,
  upsertReceipt,
  uploadOf,
} from './smart-review.repository.js';

export interface ReceiptToAttach {
  brandId: string;
  campaignId: number;
  completionId: number;
  uploadId: string;
}

/**
 * Links a receipt photo to a pending sale, in the caller's transaction (rule R120): with smart review on it
 * is queued for the OCR; off, it goes straight to the review queue (flagged when the same photo was sent
 * before). Returns the receipt; the caller queues the OCR job after commit.
 */
export async function attachReceipt(
  tx: DbOrTx,
  deps: Pick<SmartReviewDeps, 'readUpload'>,
  r: ReceiptToAttach,
): Promise<TAddReceiptResult> {
  const upload = await uploadOf(tx, r.brandId, r.uploadId);
  if (!upload) throw invalid([{ path: 'master', message: 'unknown upload' }]);
  const bytes = await deps.readUpload(upload.storageKey);
  if (!bytes) throw invalid([{ path: 'master', message: 'the photo is no longer stored; upload it again' }]);
  const imageHash = createHash('sha256').update(bytes).digest('hex');
  const brand = await findBrandSmartReview(tx, r.brandId);
  if (!brand) throw notFound('Brand');
  const flags: TReceiptFlag[] = [];
  if (!brand.enabled) {
    flags.push('smart_review_off');
    if (await earlierSameImage(tx, r.brandId, imageHash, null)) flags.push('duplicate_image');
  }
  const saved = await upsertReceipt(tx, { ...r, imageHash, status: brand.enabled ? 'queued' : 'review', flags });
  await setCompletionReceipt(tx, r.completionId, r.uploadId);
  return { receiptId: saved.id, completionId: r.completionId, status: saved.status };
}

/**
 * add-receipt (spec §7: completionsId, master) for a participant: attaches (or replaces) the receipt of one
 * of my sales entries still waiting for review. An entry already accepted or rejected takes none.
 */
export async function addReceipt(
  deps: SmartReviewDeps,
  participant: { brandId: string; participantKey: string },
  body: TAddReceiptBody,
): Promise<TAddReceiptResult> {
  const result = await deps.db.transaction(async (tx) => {
    const c = await findCompletionForReceipt(tx, participant.brandId, body.completionsId);
    // Another participant's entry is as unknown as a missing one.
    if (!c || c.participantKey !== participant.participantKey) throw notFound('Completion');
    if (c.missionSubtype !== 'itemSold' && !c.isContest)
      throw invalid([{ path: 'completionsId', message: 'only sales entries (item sold, contest) take a receipt' }]);
    const upload = await uploadOf(tx, participant.brandId, body.master);
    if (!upload || upload.participantKey !== participant.participantKey) throw invalid([{ path: 'master', message: 'unknown upload' }]);
    if (c.status !== 'pending')
      throw conflict('This entry was reviewed already', undefined, [{ path: 'completionsId', message: `the entry is ${c.status}` }]);
    try {
      return await attachReceipt(tx, deps, { brandId: participant.brandId, campaignId: c.campaignId, completionId: c.id, uploadId: body.master });
    } catch (error) {
      if (error instanceof Error && error.message === 'receipt already decided')
        throw conflict('This receipt was reviewed already', undefined, [{ path: 'completionsId', message: 'reviewed already' }]);
      throw error;
    }
  });
  if (result.status === 'queued') await queueReceiptReview(deps.jobs, result.receiptId);
  return result;
}
