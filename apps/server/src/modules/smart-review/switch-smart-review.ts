import type { TSmartReviewSwitchResult } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { recordActivity, type ActivityActor } from '../activity/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { checkUnpaidInvoices } from '../billing/index.js';
import { findBrandSmartReview, setBrandSmartReview, type BrandSmartReview } from './smart-review.repository.js';

/** The switch and its line in the brand's activity log, in one transaction; switching to where it is logs nothing. */
async function switchLogged(db: Db, brandId: string, enabled: boolean, by: ActivityActor | undefined) {
  await db.transaction(async (tx: DbOrTx) => {
    const before = await findBrandSmartReview(tx, brandId);
    await setBrandSmartReview(tx, brandId, enabled);
    if (by && before && before.enabled !== enabled)
      await recordActivity(tx, {
        brandId,
        actor: by,
        action: enabled ? 'billing.smart_review_on' : 'billing.smart_review_off',
        subject: { type: 'brand', id: brandId },
        changes: [{ field: 'smartReview.enabled', old: before.enabled, new: enabled }],
      });
  });
}

const shape = (b: BrandSmartReview): TSmartReviewSwitchResult => ({
  smartReview: { enabled: b.enabled, pricePerScan: b.pricePerScanCents, currency: b.currency, plan: b.plan },
});

/**
 * activate (spec §7, §4; rule R128): refused while the brand has an unpaid invoice — the web checks first and
 * shows the pending-invoice dialog, this is the guard behind it. Switching on twice is harmless.
 */
export async function activateSmartReview(db: Db, brandId: string, by?: ActivityActor): Promise<TSmartReviewSwitchResult> {
  const unpaid = await checkUnpaidInvoices(db, brandId);
  if (unpaid.hasUnpaidInvoice)
    throw conflict(`Pay invoice #${unpaid.invoiceId} before switching smart review on`, undefined, [
      { path: 'invoiceId', message: `invoice #${unpaid.invoiceId} is unpaid` },
    ]);
  await switchLogged(db, brandId, true, by);
  const b = await findBrandSmartReview(db, brandId);
  if (!b) throw notFound('Brand');
  return shape(b);
}

/** deactivate (spec §7): receipts sent from now on go to the review queue; those already read stay decided. */
export async function deactivateSmartReview(db: Db, brandId: string, by?: ActivityActor): Promise<TSmartReviewSwitchResult> {
  await switchLogged(db, brandId, false, by);
  const b = await findBrandSmartReview(db, brandId);
  if (!b) throw notFound('Brand');
  return shape(b);
}
