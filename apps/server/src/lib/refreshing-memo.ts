/**
 * A keyed memo of reads that a request never waits to refresh (docs/decisions/0008 §14).
 *
 * A value is served as it is for `freshMs` after its read started. Past that, and until `maxAgeMs`, it is still
 * served while one read in the background replaces it; only a key never read, dropped, or not used for `maxAgeMs`
 * is read by the request that asks for it. So a value is never older than `maxAgeMs` — the same bound a plain
 * time-to-live of `maxAgeMs` gives — but under steady use its refresh is off every request's path: under load,
 * a refresh that a request waits for queues behind every statement in the pool, and those requests were the
 * participant routes' slowest twentieth (issue 14).
 *
 * Callers asking for a key whose read is in flight share it. A read that fails is not kept (the next caller
 * reads again); a refresh that fails leaves the older value to age out. `delete` wins over a refresh in flight.
 */
export interface RefreshingMemo<T> {
  get(key: string, read: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  clear(): void;
}

export interface RefreshingMemoOptions {
  freshMs: number;
  maxAgeMs: number;
  /** Past this many keys the memo starts over. */
  maxEntries: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry<T> {
  /** When the read of `value` started. */
  at: number;
  value: Promise<T>;
  settled: boolean;
  refreshing: boolean;
}

export function createRefreshingMemo<T>(options: RefreshingMemoOptions): RefreshingMemo<T> {
  if (options.freshMs > options.maxAgeMs) throw new Error('freshMs must not exceed maxAgeMs');
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();

  const load = (key: string, read: () => Promise<T>): Entry<T> => {
    if (entries.size >= options.maxEntries) entries.clear();
    const entry: Entry<T> = { at: now(), value: read(), settled: false, refreshing: false };
    entries.set(key, entry);
    entry.value.then(
      () => (entry.settled = true),
      () => entries.get(key) === entry && entries.delete(key),
    );
    return entry;
  };

  const refresh = (key: string, stale: Entry<T>, read: () => Promise<T>) => {
    stale.refreshing = true;
    const at = now();
    read().then(
      (value) => {
        if (entries.get(key) === stale) entries.set(key, { at, value: Promise.resolve(value), settled: true, refreshing: false });
      },
      () => (stale.refreshing = false),
    );
  };

  return {
    get(key, read) {
      const hit = entries.get(key);
      if (hit) {
        const age = now() - hit.at;
        if (age < options.freshMs) return hit.value;
        if (age < options.maxAgeMs && hit.settled) {
          if (!hit.refreshing) refresh(key, hit, read);
          return hit.value;
        }
      }
      return load(key, read).value;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

/** One memo per database handle: several apps in one process (tests, the seed) never share entries. */
export function refreshingMemoPerDatabase<T>(options: RefreshingMemoOptions): (db: object) => RefreshingMemo<T> {
  const memos = new WeakMap<object, RefreshingMemo<T>>();
  return (db) => {
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = createRefreshingMemo<T>(options)));
    return memo;
  };
}
