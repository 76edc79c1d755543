import { count, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CODE_REWARD_TYPES } from '@rally/domain';
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

// The domain's list as SQL literals, written once: a closed set of lower-case names, so safe to inline, and literals
// keep each statement's text and plan what they were when the list was spelled out in every repository.
const CODE_REWARD_TYPE_LIST = sql.raw(
  `(${CODE_REWARD_TYPES.map((type) => {
    if (!/^[a-z_]+$/.test(type)) throw new Error(`reward type ${type} is not a plain name`);
    return `'${type}'`;
  }).join(', ')})`,
);

/** Whether a reward type carries codes (the domain's CODE_REWARD_TYPES, isCodeReward), as a SQL condition on `type`. */
export function carriesCodes(type: SQLWrapper): SQL {
  return sql`${type} in ${CODE_REWARD_TYPE_LIST}`;
}
