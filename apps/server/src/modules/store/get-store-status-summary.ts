import { STORE_STATUSES, type TStoreStatusSummary } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import type { StoreCaches } from './store-caches.js';
import { countStoresByStatus } from './store.repository.js';

export interface GetStoreStatusSummaryOptions {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
}

/** Stores per status and in all, counted once per store revision. */
export async function getStoreStatusSummary({
  db,
  caches: appCaches,
  brandId,
}: GetStoreStatusSummaryOptions): Promise<TStoreStatusSummary> {
  const caches = appCaches.on(db);
  const rev = await caches.readRev(brandId);
  return caches.statusSummary.get(brandId, rev, 'status-summary', async () => {
    const counts = await countStoresByStatus(db, brandId);
    const summary = { all: 0 } as TStoreStatusSummary;
    for (const status of STORE_STATUSES) {
      summary[status] = counts.get(status) ?? 0;
      summary.all += summary[status];
    }
    return summary;
  });
}
