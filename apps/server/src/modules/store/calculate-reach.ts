import { createHash } from 'node:crypto';
import { normaliseReachScope, reachScopeKey, type TReach, type TReachRequest } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import type { StoreCaches } from './store-caches.js';
import { reachOfAll, reachOfGroups, reachOfStores, unknownGroupIds, unknownStoreIds } from './store.repository.js';

export interface CalculateReachOptions {
  db: DbOrTx;
  caches: StoreCaches;
  brandId: string;
  /** Already checked against ZReachRequest (the route, or the launch form's own schema). */
  request: TReachRequest;
}

/**
 * How many groups, stores and users a scope reaches (product rule R13); only
 * approved stores and groups reach anyone. Figures are kept per scope and store revision, so
 * asking again for a scope costs one indexed lookup until the brand's stores change.
 */
export async function calculateReach({ db, caches: appCaches, brandId, request }: CalculateReachOptions): Promise<TReach> {
  const normalised = normaliseReachScope(request);
  if (!normalised.ok) throw invalid(normalised.fields);
  const scope = normalised.value;
  const caches = appCaches.on(db);
  const rev = await caches.readRev(brandId);
  // A digest keeps a 10,000-id scope from costing its whole text in memory per entry.
  const key = createHash('sha256').update(reachScopeKey(scope)).digest('base64url');
  return caches.reach.get(brandId, rev, key, async () => {
    if (scope.scope === 'all') {
      const { groups, stores, users } = await reachOfAll(db, brandId, scope.countryCodes);
      return { groups, stores, users };
    }
    const counts =
      scope.scope === 'store'
        ? await reachOfStores(db, brandId, scope.pks, scope.countryCodes)
        : await reachOfGroups(db, brandId, scope.pks, scope.countryCodes);
    if (counts.found < scope.pks.length) {
      // Another brand's ids (or none at all) are a mistake to name, not something to count as zero.
      const unknown =
        scope.scope === 'store'
          ? await unknownStoreIds(db, brandId, scope.pks)
          : await unknownGroupIds(db, brandId, scope.pks);
      throw invalid([
        { path: 'pks', message: `not ${scope.scope}s of this brand: ${unknown.slice(0, 10).join(', ')}` },
      ]);
    }
    return { groups: counts.groups, stores: counts.stores, users: counts.users };
  });
}
