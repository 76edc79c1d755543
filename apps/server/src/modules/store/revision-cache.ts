import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { RevisionWatch } from '../../lib/revision-watch.js';
import { storeCacheRevs } from '../../db/schema/index.js';

interface Entry<V> {
  brandId: string;
  rev: number;
  value: Promise<V>;
  /** The loaded value, once it is (weight > 0 then). */
  settled?: V;
  weight: number;
}

/**
 * Values derived from one brand's stores, groups and memberships at one revision of them
 * (store_cache_revs, moved by database triggers on every write, whoever writes). A key holds
 * the revision, so a write makes every older entry unreachable at once; they are dropped when
 * a newer revision is first seen, and the least recently used go once the total weight
 * (e.g. ids held) passes the cap. Concurrent misses of one key share one load.
 */
export class RevisionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly latest = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(brandId: string, rev: number, key: string, load: () => Promise<V>): Promise<V> {
    const id = `${brandId}|${rev}|${key}`;
    const hit = this.entries.get(id);
    if (hit) {
      // Map order is recency order.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.value;
    }
    const latest = this.latest.get(brandId) ?? -1;
    if (rev > latest) this.forgetBefore(brandId, rev);
    const value = load();
    // A reader that saw an older revision than another one already did gets a fresh answer
    // but leaves nothing behind that no later request could hit.
    if (rev < latest) return value;
    const entry: Entry<V> = { brandId, rev, value, weight: 0 };
    this.entries.set(id, entry);
    value.then(
      (v) => {
        if (this.entries.get(id) !== entry) return;
        entry.settled = v;
        // At least 1, so a loaded entry is told from one still loading.
        entry.weight = Math.max(1, this.weigh(v));
        if (entry.weight > this.maxWeight) {
          this.entries.delete(id);
          return;
        }
        this.total += entry.weight;
        this.evict();
      },
      () => {
        // Failures are not remembered: the next request tries again.
        if (this.entries.get(id) === entry) this.entries.delete(id);
      },
    );
    return value;
  }

  /**
   * The value of a key at the newest revision this cache has seen for the brand, if it is
   * loaded: a guess a caller confirms against the database in the same statement as its other
   * reads, saving a round trip when nothing changed.
   */
  peekLatest(brandId: string, key: string): { rev: number; value: V } | undefined {
    const rev = this.latest.get(brandId);
    if (rev === undefined) return undefined;
    const id = `${brandId}|${rev}|${key}`;
    const entry = this.entries.get(id);
    if (!entry || entry.weight === 0) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return { rev, value: entry.settled as V };
  }

  /** Entries held (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private forgetBefore(brandId: string, rev: number) {
    this.latest.set(brandId, rev);
    for (const [id, entry] of this.entries) {
      if (entry.brandId === brandId && entry.rev < rev) this.remove(id, entry);
    }
  }

  private evict() {
    for (const [id, entry] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.remove(id, entry);
    }
  }

  private remove(id: string, entry: Entry<V>) {
    this.entries.delete(id);
    this.total -= entry.weight;
  }
}

const preparedRev = new WeakMap<object, ReturnType<typeof prepareRevQuery>>();

function prepareRevQuery(db: DbOrTx) {
  return db
    .select({ rev: storeCacheRevs.rev })
    .from(storeCacheRevs)
    .where(eq(storeCacheRevs.brandId, sql.placeholder('brandId')))
    .prepare('store_cache_rev');
}

/** Brands' store revisions this app has read, kept current by the revision watch. */
interface KnownRevs {
  watch: RevisionWatch;
  revs: Map<string, number>;
}
const knownByDatabase = new WeakMap<object, KnownRevs>();
const MAX_KNOWN_BRANDS = 10_000;

/**
 * Lets readStoreRev answer from memory while the watch is current: every comparison re-reads the
 * revisions of the brands read so far. Revisions only grow, so a value is only ever raised.
 */
export function watchStoreRevisions(db: Db, watch: RevisionWatch) {
  const known: KnownRevs = { watch, revs: new Map() };
  knownByDatabase.set(db, known);
  watch.add({
    async compare() {
      const brands = [...known.revs.keys()];
      if (brands.length === 0) return;
      const rows = await db
        .select({ brandId: storeCacheRevs.brandId, rev: storeCacheRevs.rev })
        .from(storeCacheRevs)
        .where(inArray(storeCacheRevs.brandId, brands));
      for (const row of rows) raise(known.revs, row.brandId, Number(row.rev));
    },
  });
}

function raise(revs: Map<string, number>, brandId: string, rev: number) {
  const held = revs.get(brandId);
  if (held !== undefined && held >= rev) return;
  if (held === undefined && revs.size >= MAX_KNOWN_BRANDS) revs.delete(revs.keys().next().value as string);
  revs.set(brandId, rev);
}

/** The brand's current store revision (0 before its first store, group or membership write). */
export async function readStoreRev(db: DbOrTx, brandId: string): Promise<number> {
  // Inside a transaction (another object than the app's db) the database is always asked.
  const known = knownByDatabase.get(db);
  if (known?.watch.isCurrent()) {
    const rev = known.revs.get(brandId);
    if (rev !== undefined) return rev;
  }
  let prepared = preparedRev.get(db);
  if (!prepared) preparedRev.set(db, (prepared = prepareRevQuery(db)));
  const [row] = await prepared.execute({ brandId });
  const rev = Number(row?.rev ?? 0);
  if (known) raise(known.revs, brandId, rev);
  return rev;
}
