import type { TReach, TStoreStatusSummary } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { RevisionCache } from './revision-cache.js';

/** Ids held by all cached lists together: 4M ids are 16 MB. */
const MAX_CACHED_LIST_IDS = 4_000_000;
const MAX_CACHED_REACH_SCOPES = 20_000;
const MAX_CACHED_SUMMARIES = 1_000;

export interface StoreCaches {
  /** Every id of a list (a status, search and sort of stores or groups) in display order. */
  listIds: RevisionCache<Int32Array>;
  reach: RevisionCache<TReach>;
  statusSummary: RevisionCache<TStoreStatusSummary>;
}

// Per database, so two apps in one process (tests) never share entries.
const byDatabase = new WeakMap<object, StoreCaches>();

export function storeCaches(db: DbOrTx): StoreCaches {
  let caches = byDatabase.get(db);
  if (!caches) {
    caches = {
      listIds: new RevisionCache<Int32Array>(MAX_CACHED_LIST_IDS, (ids) => ids.length),
      reach: new RevisionCache<TReach>(MAX_CACHED_REACH_SCOPES),
      statusSummary: new RevisionCache<TStoreStatusSummary>(MAX_CACHED_SUMMARIES),
    };
    byDatabase.set(db, caches);
  }
  return caches;
}
