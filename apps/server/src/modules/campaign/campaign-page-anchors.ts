import { createCache } from '../../lib/cache.js';
import type { RevisionWatch } from '../../lib/revision-watch.js';

/**
 * Deep pages of the campaign list seek instead of counting rows: the sort key of every STRIDE-th
 * row is remembered for a short while, so page N starts from the nearest anchor and skips fewer
 * than STRIDE rows (decision 0004 §4). Tunable by tests.
 */
export const listAnchors = { stride: 20, ttlMs: 30_000, maxLists: 1_000 };

/** The sort key (as text) and id of the row at position k × stride; null past the list's end. */
export type PageAnchor = { v: string; id: number } | null;

export interface CampaignPageAnchors {
  /**
   * The anchors known for one list (brand, status filter, sort field and direction), to read and to
   * add to; undefined while a write of this process is running (nothing may be read or kept then).
   */
  list(key: string): Map<number, PageAnchor> | undefined;
}

/**
 * Anchors are dropped, all at once, when this process answers a write (a write request or a
 * scheduler job: the revision watch's write mark moves), so no write path has to remember to drop
 * them; a write of another process shifts a page for at most ttlMs, as OFFSET paging does whenever
 * rows are added between two page loads (decision 0015). At most listAnchors.maxLists lists, the least recently
 * paged dropped first.
 */
export function createCampaignPageAnchors(writes: Pick<RevisionWatch, 'writeMark'>): CampaignPageAnchors {
  // Sized when the first list is read, so tests may tune listAnchors before.
  let lists: ReturnType<typeof createLists> | undefined;
  const createLists = () => createCache<string, Map<number, PageAnchor>>({ maxEntries: listAnchors.maxLists, ttlMs: listAnchors.ttlMs });
  let mark: number | undefined;
  return {
    list(key) {
      const current = writes.writeMark();
      if (current === undefined) return undefined;
      if (current !== mark || !lists) {
        // An anchor read before that write may be stored after it: it lands in a map dropped here.
        lists = createLists();
        mark = current;
      }
      let anchors = lists.get(key);
      if (!anchors) lists.set(key, (anchors = new Map()));
      return anchors;
    },
  };
}
