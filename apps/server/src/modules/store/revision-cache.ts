
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
