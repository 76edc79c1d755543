import { count, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { missionItems } from '../db/schema/index.js';

/** A user's search text for ILIKE, with its own % and _ taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Renumbers rows 0..n-1 in the given order, in one statement, inside one parent (campaign, mission). */
export async function writeOrder(
  db: DbOrTx,
  table: PgTable,
  columns: { id: AnyPgColumn; order: AnyPgColumn; parent: AnyPgColumn },
  parentId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.raw(`ARRAY[${ids.map((id) => Math.trunc(Number(id))).join(',')}]::int[]`);
  await db.execute(sql`
    update ${table} set ${sql.identifier(columns.order.name)} = v.ord - 1
    from unnest(${list}) with ordinality as v(id, ord)
    where ${columns.id} = v.id and ${columns.parent} = ${parentId}`);
}

/** Items per mission, as a subquery to join. */
export function itemCountsSubquery(db: DbOrTx) {
  return db
    .select({ missionId: missionItems.missionId, n: count().as('n') })
    .from(missionItems)
    .groupBy(missionItems.missionId)
    .as('item_counts');
}
