import { invalid } from './app-error.js';

/**
 * Keyset paging by an opaque cursor, written once for the public API's lists (/api/v1). A page reads `limit + 1`
 * rows after the cursor's key in a stable order; the extra row only says whether another page follows. The cursor
 * is the last row's key, base64url-encoded: clients send it back unchanged and never build one.
 */
export type CursorKey = readonly (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor carries, checked against its expected shape (`kinds`); a 400 naming `cursor` otherwise. */
export function decodeCursor<K extends CursorKey>(cursor: string | undefined, kinds: readonly ('string' | 'number')[]): K | null {
  if (cursor === undefined) return null;
  const bad = () => invalid([{ path: 'cursor', message: 'a cursor from a previous page' }]);
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(key) || key.length !== kinds.length) throw bad();
  kinds.forEach((kind, i) => {
    const v: unknown = key[i];
    if (kind === 'number' ? !Number.isSafeInteger(v) || (v as number) < 0 : typeof v !== 'string' || v.length > 100) throw bad();
  });
  return key as unknown as K;
}

/** The page of `rows` (read with limit + 1) and the cursor of the next one (null on the last page). */
export function pageOf<T, O>(rows: T[], limit: number, keyOf: (row: T) => CursorKey, map: (row: T) => O): { items: O[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { items: page.map(map), nextCursor: more && page.length > 0 ? encodeCursor(keyOf(page[page.length - 1]!)) : null };
}
