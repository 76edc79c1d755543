import type { TBillingProfile } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { findBillingProfile, upsertBillingProfile } from './billing.repository.js';

const FIELDS = ['legalName', 'addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country', 'taxId', 'taxLabel', 'taxRateBasisPoints'] as const;

/**
 * Saves who the brand's invoices are made out to (already checked by the domain's ZBillingProfileBody). Invoices
 * closed before keep the details they were issued with; the next close uses these.
 */
export async function saveBillingProfile(db: Db, actor: RequestActor, profile: TBillingProfile): Promise<void> {
  requirePermission(actor, 'billing:manage');
  await db.transaction(async (tx) => {
    const before = await findBillingProfile(tx, actor.brandId);
    await upsertBillingProfile(tx, actor.brandId, profile, actor.userId);
    const changes = FIELDS.filter((f) => (before?.[f] ?? null) !== profile[f]).map((f) => ({ field: f, old: before?.[f] ?? null, new: profile[f] }));
    if (changes.length === 0) return;
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'billing.profile_updated',
      subject: { type: 'brand', id: actor.brandId, label: profile.legalName },
      changes,
    });
  });
}
