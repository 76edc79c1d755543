import type { DbOrTx } from '../db/client.js';
import { campaigns } from '../db/schema/index.js';
import { newPublicUid } from '../modules/campaign/campaign.repository.js';
import type { DemoBrandKey } from './demo-accounts.js';

/** Stores, groups, store users, missions and campaigns for the demo brands. */
export async function seedDemoContent(db: DbOrTx, brandIds: Record<DemoBrandKey, string>): Promise<void> {
  await db.insert(campaigns).values([
    { brandId: brandIds.owner, publicUid: newPublicUid(), name: 'Summer sales sprint', type: 'contest', status: 'draft' },
    { brandId: brandIds.owner, publicUid: newPublicUid(), name: 'Product training', type: 'learning', status: 'active' },
  ]);
}
