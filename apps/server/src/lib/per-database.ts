/**
 * What is built once per database handle: prepared statements, which belong to the driver
 * session they were prepared on. They hold no data, so they are not caches in the sense of
 * decision 0015 and need no invalidation; a transaction is another handle and gets its own.
 */
export function perDatabase<D extends object, T>(build: (db: D) => T): (db: D) => T {
  const byDatabase = new WeakMap<D, T>();
  return (db) => {
    let built = byDatabase.get(db);
    if (built === undefined) byDatabase.set(db, (built = build(db)));
    return built;
  };
}
