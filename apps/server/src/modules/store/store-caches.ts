import { eq, inArray, sql } from 'drizzle-orm';
import type { TReach, TStoreStatusSummary } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { storeCacheRevs } from '../../db/schema/index.js';
import { perDatabase } from '../../lib/per-database.js';
import type { RevisionWatch } from '../../lib/revision-watch.js';
import { RevisionCache } from './revision-cache.js';

/** Ids held by all cached lists together: 4M ids are 16 MB. */
const MAX_CACHED_LIST_IDS = 4_000_000;
const MAX_CACHED_REACH_SCOPES = 20_000;
const MAX_CACHED_SUMMARIES = 1_000;
const MAX_KNOWN_BRANDS = 10_000;

/** Values derived from a brand's stores, groups and memberships, each kept per store revision (decision 0015). */
export interface StoreCaches {
  /** Every id of a list (a status, search and sort of stores or groups) in display order. */
  listIds: RevisionCache<Int32Array>;
  reach: RevisionCache<TReach>;
  statusSummary: RevisionCache<TStoreStatusSummary>;
  /** The brand's current store revision (0 before its first store, group or membership write). */
  readRev(brandId: string): Promise<number>;
  /**
   * These caches for work on `db`: themselves for the app's database, caches of the call alone
   * for a transaction — whose revisions may be its own uncommitted ones, which no other reader may reuse.
   */
  on(db: DbOrTx): StoreCaches;
}

const revQuery = perDatabase((db: DbOrTx) =>
  db
    .select({ rev: storeCacheRevs.rev })
    .from(storeCacheRevs)
    .where(eq(storeCacheRevs.brandId, sql.placeholder('brandId')))
    .prepare('store_cache_rev'),
);

async function askRev(db: DbOrTx, brandId: string): Promise<number> {
  const [row] = await revQuery(db).execute({ brandId });
  return Number(row?.rev ?? 0);
}

/**
 * The store caches of one app. The revision watch keeps the store revision of every brand read so
 * far and re-reads them on each comparison, so readRev answers from memory while the watch is current.
 * Revisions only grow, so a held value is only ever raised.
 */
export function createStoreCaches(db: Db, watch: RevisionWatch): StoreCaches {
  const revs = new Map<string, number>();
  watch.add({
    async compare() {
      const brands = [...revs.keys()];
      if (brands.length === 0) return;
      const rows = await db
        .select({ brandId: storeCacheRevs.brandId, rev: storeCacheRevs.rev })
        .from(storeCacheRevs)
        .where(inArray(storeCacheRevs.brandId, brands));
      for (const row of rows) raise(row.brandId, Number(row.rev));
    },
  });

  function raise(brandId: string, rev: number) {
    const held = revs.get(brandId);
    if (held !== undefined && held >= rev) return;
    if (held === undefined && revs.size >= MAX_KNOWN_BRANDS) revs.delete(revs.keys().next().value as string);
    revs.set(brandId, rev);
  }

  const caches: StoreCaches = {
    ...revisionCaches(),
    async readRev(brandId) {
      if (watch.isCurrent()) {
        const rev = revs.get(brandId);
        if (rev !== undefined) return rev;
      }
      const rev = await askRev(db, brandId);
      raise(brandId, rev);
      return rev;
    },
    on: (other) => (other === db ? caches : callCaches(other)),
  };
  return caches;
}

/** Caches that live for one call on a transaction: the database is always asked for the revision. */
function callCaches(tx: DbOrTx): StoreCaches {
  const caches: StoreCaches = { ...revisionCaches(), readRev: (brandId) => askRev(tx, brandId), on: () => caches };
  return caches;
}

function revisionCaches() {
  return {
    listIds: new RevisionCache<Int32Array>(MAX_CACHED_LIST_IDS, (ids) => ids.length),
    reach: new RevisionCache<TReach>(MAX_CACHED_REACH_SCOPES),
    statusSummary: new RevisionCache<TStoreStatusSummary>(MAX_CACHED_SUMMARIES),
  };
}
