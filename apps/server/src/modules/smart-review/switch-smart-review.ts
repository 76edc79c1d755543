import type { TSmartReviewSwitchResult } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { checkUnpaidInvoices } from '../billing/index.js';
import { findBrandSmartReview, setBrandSmartReview, type BrandSmartReview } from './smart-review.repository.js';

const shape = (b: BrandSmartReview): TSmartReviewSwitchResult => ({
  smartReview: { enabled: b.enabled, pricePerScan: b.pricePerScanCents, currency: b.currency, plan: b.plan },
});

/**
 * activate (spec §7, §4; rule R128): refused while the brand has an unpaid invoice — the web checks first and
 * shows the pending-invoice dialog, this is the guard behind it. Switching on twice is harmless.
 */
export async function activateSmartReview(db: Db, brandId: string): Promise<TSmartReviewSwitchResult> {
  const unpaid = await checkUnpaidInvoices(db, brandId);
  if (unpaid.hasUnpaidInvoice)
    throw conflict(`Pay invoice #${unpaid.invoiceId} before switching smart review on`, undefined, [
      { path: 'invoiceId', message: `invoice #${unpaid.invoiceId} is unpaid` },
    ]);
  await setBrandSmartReview(db, brandId, true);
  const b = await findBrandSmartReview(db, brandId);
  if (!b) throw notFound('Brand');
  return shape(b);
}

/** deactivate (spec §7): receipts sent from now on go to the review queue; those already read stay decided. */
export async function deactivateSmartReview(db: Db, brandId: string): Promise<TSmartReviewSwitchResult> {
  await setBrandSmartReview(db, brandId, false);
  const b = await findBrandSmartReview(db, brandId);
  if (!b) throw notFound('Brand');
  return shape(b);
}
