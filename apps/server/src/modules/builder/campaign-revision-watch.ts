import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaigns } from '../../db/schema/index.js';

/** How often held revisions are compared with the database. */
export const REVISION_POLL_MS = 100;
// Polls that stop (database unreachable) stop the trust with them.
const TRUST_MS = 3 * REVISION_POLL_MS;

/** Revisions a cache holds, and what to do with those that moved on or whose campaign is gone. */
export interface HeldRevisions {
  held(): Iterable<[campaignId: number, rev: number]>;
  moved(campaignIds: number[]): void;
}

export interface CampaignRevisionWatch {
  /**
   * True when a view cached in this process may be served without asking the database: the last
   * comparison of every held revision with the database started less than TRUST_MS ago, no write
   * request of this process is running, and that comparison started after the last one this process
   * answered — so whatever this process wrote has been seen. A change made by another process (or a
   * job, or psql) is seen by the next comparison, within REVISION_POLL_MS; every builder save carries
   * the version it edited, so a reader that saw the older state can never overwrite the newer one.
   */
  isCurrent(): boolean;
  add(cache: HeldRevisions): void;
  /** A request that may write has started; writeAnswered() when its response is out. */
  writeStarted(): void;
  writeAnswered(): void;
  start(): void;
  stop(): void;
}

export function createCampaignRevisionWatch(db: Db): CampaignRevisionWatch {
  const caches: HeldRevisions[] = [];
  let runningWrites = 0;
  // Write requests answered, and how many of them the last comparison started after.
  let answered = 0;
  let seen = 0;
  let comparedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  async function compare() {
    const startedAt = Date.now();
    const answeredBefore = answered;
    for (const cache of caches) {
      const held = new Map(cache.held());
      if (held.size === 0) continue;
      const rows = await db
        .select({ id: campaigns.id, rev: campaigns.cacheRev })
        .from(campaigns)
        .where(inArray(campaigns.id, [...held.keys()]));
      const current = new Map(rows.map((r) => [r.id, r.rev]));
      const moved = [...held].filter(([id, rev]) => current.get(id) !== rev).map(([id]) => id);
      if (moved.length > 0) cache.moved(moved);
    }
    comparedAt = startedAt;
    seen = answeredBefore;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      // A failed comparison leaves comparedAt behind: trust lapses until one succeeds.
      compare().catch(() => undefined).finally(schedule);
    }, REVISION_POLL_MS);
    timer.unref();
  }

  return {
    isCurrent() {
      return runningWrites === 0 && seen === answered && Date.now() - comparedAt < TRUST_MS;
    },
    add(cache) {
      caches.push(cache);
    },
    writeStarted() {
      runningWrites += 1;
    },
    writeAnswered() {
      runningWrites -= 1;
      answered += 1;
    },
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      comparedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
