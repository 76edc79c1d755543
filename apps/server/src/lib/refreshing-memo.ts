import { createCache } from './cache.js';

/**
 * Superseded by `lib/cache.ts` (issue 26): what is left of the old refreshing memo is this bridge for
 * record-completion.ts's static parts, until it uses `app.caches.engine.staticParts` (the same cache: fresh 1.5 s,
 * never older than 2 s, 5,000 entries). Delete this file then. It is `createCache` with `freshMs` and `ttlMs`
 * (= maxAgeMs), one per database handle.
 *
 * @deprecated use `createCache` (lib/cache.ts), held in `app.caches`.
 */
export function refreshingMemoPerDatabase<T>(options: { freshMs: number; maxAgeMs: number; maxEntries: number }) {
  const memos = new WeakMap<object, { get(key: string, read: () => Promise<T>): Promise<T> }>();
  return (db: object) => {
    let memo = memos.get(db);
    if (!memo) {
      const cache = createCache<string, T>({ maxEntries: options.maxEntries, freshMs: options.freshMs, ttlMs: options.maxAgeMs });
      memos.set(db, (memo = { get: (key, read) => cache.load(key, read) }));
    }
    return memo;
  };
}
