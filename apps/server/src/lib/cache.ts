/**
 * The one cache helper behind every cache in `app.caches` (decision 0015): a bounded map with least-recently-used
 * eviction, an optional time to live, invalidation by key or all at once, and a load-through read that callers of
 * one key share — optionally stale-while-revalidate.
 *
 * - **Bounded.** At most `maxEntries` keys; adding one more drops the least recently used (a read or a write makes
 *   a key the most recent). Nothing is ever dropped all at once because the cache is full.
 * - **Time to live.** With `ttlMs`, a value is never answered once it is that old, counted from when its load
 *   started (`load`) or when it was stored (`set`): a read of it misses and the key is read again.
 * - **Stale-while-revalidate.** With `freshMs` as well, `load` answers a value younger than `freshMs` as it is;
 *   past that, and until `ttlMs`, it still answers it at once while one load in the background replaces it, so
 *   under steady use a refresh is off every caller's path (decision 0008 §14). Only a key never read, dropped,
 *   or past `ttlMs` is read by the caller that asks. `freshMs` may depend on the value (a snapshot whose reading
 *   cost more stays fresh longer).
 * - **Coalesced.** Callers asking `load` for a key whose load is in flight share it.
 * - **Failures are not kept.** A load that fails answers its callers with the failure and leaves nothing; a
 *   background refresh that fails leaves the older value to age out (the next stale read tries again).
 * - **Invalidation wins.** `delete`, `clear` and `set` win over a load or refresh in flight: its result is dropped.
 *
 * The clock is an option (tests pass a fake one; nothing here uses timers).
 */
export interface Cache<K, V> {
  /**
   * The value of `key` if held (and not past its time to live), else `load()`'s — shared by every caller asking
   * meanwhile. With `freshMs`: a held value past it is answered while one background load replaces it.
   */
  load(key: K, load: () => Promise<V>): Promise<V>;
  /** The value held for `key` if it is loaded and not past its time to live; it becomes the most recently used. */
  get(key: K): V | undefined;
  /**
   * The value held for `key` if it is loaded, whatever its age, without making it more recent: for updating a
   * held value in place (a move in the standings). Never answer a caller with it — `get` or `load` do that.
   */
  peek(key: K): V | undefined;
  /** Holds `value` for `key` from now (its age counts from now); a load of the key in flight is dropped. */
  set(key: K, value: V): void;
  /** Forgets `key` (and a load of it in flight); true when something was held. */
  delete(key: K): boolean;
  /** Forgets everything (and the loads in flight). */
  clear(): void;
  /** The loaded values not past their time to live, least recently used first. */
  entries(): IterableIterator<[K, V]>;
  /** Keys held, loading ones included (tests, diagnostics). */
  readonly size: number;
}

export interface CacheOptions<V> {
  /** At most this many keys; one more drops the least recently used. */
  maxEntries: number;
  /** A value is never answered once this old. Without it values stay until dropped or evicted. */
  ttlMs?: number;
  /**
   * Stale-while-revalidate (needs `ttlMs`): `load` answers a value younger than this as it is, and an older one
   * (until `ttlMs`) while one background load replaces it. A function is asked once per value, when it is loaded.
   */
  freshMs?: number | ((value: V) => number);
  /** The clock (tests). */
  now?: () => number;
}

interface Entry<V> {
  /** When the load of `value` started, or when it was set. */
  at: number;
  /** The value once loaded (`loaded`), else undefined. */
  value: V | undefined;
  loaded: boolean;
  /** The first load, while in flight (shared by its callers). */
  pending: Promise<V> | undefined;
  /** Age under which `load` answers the value without refreshing it. */
  freshMs: number;
  refreshing: boolean;
}

export function createCache<K, V>(options: CacheOptions<V>): Cache<K, V> {
  const { maxEntries, ttlMs = Number.POSITIVE_INFINITY, freshMs } = options;
  if (!(maxEntries >= 1)) throw new Error('maxEntries must be at least 1');
  if (freshMs !== undefined && options.ttlMs === undefined) throw new Error('freshMs needs ttlMs (the age never served)');
  if (typeof freshMs === 'number' && freshMs > ttlMs) throw new Error('freshMs must not exceed ttlMs');
  const now = options.now ?? Date.now;
  // Map order is recency order: the first key is the least recently used.
  const entries = new Map<K, Entry<V>>();

  const freshFor = (value: V) => {
    if (freshMs === undefined) return ttlMs;
    return Math.min(ttlMs, typeof freshMs === 'number' ? freshMs : freshMs(value));
  };

  const touch = (key: K, entry: Entry<V>) => {
    entries.delete(key);
    entries.set(key, entry);
  };

  const store = (key: K, entry: Entry<V>) => {
    if (!entries.delete(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
    entries.set(key, entry);
  };

  /** The entry of `key` if it holds a loaded value still within its time to live; drops it when past. */
  const live = (key: K): Entry<V> | undefined => {
    const entry = entries.get(key);
    if (!entry?.loaded) return undefined;
    if (now() - entry.at >= ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const startLoad = (key: K, read: () => Promise<V>): Promise<V> => {
    const entry: Entry<V> = { at: now(), value: undefined, loaded: false, pending: undefined, freshMs: 0, refreshing: false };
    const pending = call(read);
    entry.pending = pending;
    store(key, entry);
    pending.then(
      (value) => {
        entry.pending = undefined;
        if (entries.get(key) !== entry) return;
        Object.assign(entry, { value, loaded: true, freshMs: freshFor(value) });
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return pending;
  };

  const refresh = (key: K, stale: Entry<V>, read: () => Promise<V>) => {
    stale.refreshing = true;
    const at = now();
    call(read).then(
      (value) => {
        stale.refreshing = false;
        // Replaced in place (it keeps its recency) unless dropped or set meanwhile.
        if (entries.get(key) === stale) Object.assign(stale, { at, value, freshMs: freshFor(value) });
      },
      () => (stale.refreshing = false),
    );
  };

  return {
    load(key, read) {
      const pending = entries.get(key)?.pending;
      if (pending) return pending;
      const entry = live(key);
      if (!entry) return startLoad(key, read);
      touch(key, entry);
      if (now() - entry.at >= entry.freshMs && !entry.refreshing) refresh(key, entry, read);
      return Promise.resolve(entry.value as V);
    },
    get(key) {
      const entry = live(key);
      if (!entry) return undefined;
      touch(key, entry);
      return entry.value;
    },
    peek: (key) => {
      const entry = entries.get(key);
      return entry?.loaded ? entry.value : undefined;
    },
    set(key, value) {
      store(key, { at: now(), value, loaded: true, pending: undefined, freshMs: freshFor(value), refreshing: false });
    },
    delete: (key) => entries.delete(key),
    clear: () => entries.clear(),
    *entries() {
      const at = now();
      for (const [key, entry] of entries) if (entry.loaded && at - entry.at < ttlMs) yield [key, entry.value as V];
    },
    get size() {
      return entries.size;
    },
  };
}

/** A load that throws before returning its promise fails the same way as one whose promise rejects. */
function call<V>(read: () => Promise<V>): Promise<V> {
  try {
    return read();
  } catch (error) {
    return Promise.reject(error);
  }
}
