/**
 * One page of a list whose rows, in order, are known as ids: the ids in `selected` that the
 * list holds come first (product rule R47, "selected row first"), in list order, then every other id,
 * and the page runs across both parts. The total is the list's length either way.
 */
export function pageOfIds(ids: Int32Array, offset: number, limit: number, selected?: ReadonlySet<number>): number[] {
  if (!selected || selected.size === 0) return Array.from(ids.subarray(offset, offset + limit));
  const first: number[] = [];
  for (const id of ids) if (selected.has(id)) first.push(id);
  const page = first.slice(offset, offset + limit);
  let skip = Math.max(0, offset - first.length);
  for (let i = 0; i < ids.length && page.length < limit; i++) {
    const id = ids[i]!;
    if (selected.has(id)) continue;
    if (skip > 0) skip -= 1;
    else page.push(id);
  }
  return page;
}

/** Rows fetched by id (in any order) put in the order of `ids`; ids without a row are left out. */
export function inIdOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
