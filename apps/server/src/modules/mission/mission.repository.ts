import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { TDynamicAmountRow, TMission, TMissionItem, TAssignment } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike, itemCountsSubquery, writeOrder } from '../../lib/sql-helpers.js';
import { campaignMissions, missionItems, missions, rewards } from '../../db/schema/index.js';
import { toEpochSeconds } from '../campaign/index.js';

type MissionRow = typeof missions.$inferSelect;
type ItemRow = typeof missionItems.$inferSelect;

export function toApiMission(row: MissionRow, itemCount: number): TMission {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    media: row.media ?? null,
    type: row.type,
    subtype: row.subtype,
    status: row.status,
    isCompleteFill: row.isCompleteFill,
    itemCount,
    createdAt: toEpochSeconds(row.createdAt),
    updatedAt: toEpochSeconds(row.updatedAt),
  };
}


export interface MissionFilter {
  filter?: string | undefined;
  type?: MissionRow['type'] | undefined;
  status?: MissionRow['status'] | undefined;
  offset: number;
  limit: number;
}

export async function listMissionRows(db: DbOrTx, brandId: string, q: MissionFilter) {
  const conditions: SQL[] = [eq(missions.brandId, brandId)];
  if (q.filter) conditions.push(ilike(missions.title, `%${escapeLike(q.filter)}%`));
  if (q.type) conditions.push(eq(missions.type, q.type));
  if (q.status) conditions.push(eq(missions.status, q.status));
  const where = and(...conditions);
  const counts = itemCountsSubquery(db);
  const [rows, totals] = await Promise.all([
    db
      .select({ m: missions, n: counts.n })
      .from(missions)
      .leftJoin(counts, eq(counts.missionId, missions.id))
      .where(where)
      .orderBy(desc(missions.updatedAt), desc(missions.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(missions).where(where),
  ]);
  return { rows: rows.map((r) => toApiMission(r.m, r.n ?? 0)), totalCount: totals[0]?.n ?? 0 };
}

export async function findMission(db: DbOrTx, brandId: string, id: number): Promise<MissionRow | undefined> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.brandId, brandId), eq(missions.id, id)));
  return row;
}

export async function lockMission(db: DbOrTx, brandId: string, id: number): Promise<MissionRow | undefined> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.brandId, brandId), eq(missions.id, id)))
    .for('update');
  return row;
}

export async function listItemRows(db: DbOrTx, missionId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(missionItems)
    .where(eq(missionItems.missionId, missionId))
    .orderBy(asc(missionItems.order), asc(missionItems.id));
}

/** Rewards that name any of these items (as reward items, assignment items or dynamic cash rows). */
export async function rewardsUsingItems(db: DbOrTx, brandId: string, missionId: number) {
  const rows = await db
    .select({
      id: rewards.id,
      title: rewards.title,
      type: rewards.type,
      campaignId: rewards.campaignId,
      itemsId: rewards.itemsId,
      assignment: rewards.assignment,
      dynamicAmounts: rewards.dynamicAmounts,
    })
    .from(rewards)
    .where(
      and(
        eq(rewards.brandId, brandId),
        inArray(
          rewards.campaignId,
          db.select({ id: campaignMissions.campaignId }).from(campaignMissions).where(eq(campaignMissions.missionId, missionId)),
        ),
      ),
    );
  const usage = new Map<number, { rewardId: number; title: string; bundleId: number }[]>();
  for (const r of rows) {
    const ids = new Set<number>([
      ...r.itemsId,
      ...((r.assignment as TAssignment | null)?.itemsId ?? []),
      ...(r.dynamicAmounts as TDynamicAmountRow[]).flatMap((d) => d.itemsId),
    ]);
    for (const id of ids) {
      usage.set(id, [...(usage.get(id) ?? []), { rewardId: r.id, title: r.title || r.type, bundleId: r.campaignId }]);
    }
  }
  return usage;
}

export async function listItems(db: DbOrTx, brandId: string, missionId: number): Promise<TMissionItem[]> {
  const [items, usage] = await Promise.all([listItemRows(db, missionId), rewardsUsingItems(db, brandId, missionId)]);
  return items.map((i) => {
    const inUseBy = usage.get(i.id) ?? [];
    return { id: i.id, missionId: i.missionId, kind: i.kind, title: i.title, order: i.order, data: i.data, inUse: inUseBy.length > 0, inUseBy };
  });
}

/** Renumbers a mission's items 0..n-1 in the given order. */
export async function writeItemOrder(db: DbOrTx, missionId: number, ids: number[]) {
  await writeOrder(db, missionItems, { id: missionItems.id, order: missionItems.order, parent: missionItems.missionId }, missionId, ids);
}

type MissionInsert = typeof missions.$inferInsert;
type ItemInsert = typeof missionItems.$inferInsert;

export async function insertMission(db: DbOrTx, values: MissionInsert): Promise<MissionRow> {
  const [row] = await db.insert(missions).values(values).returning();
  return row!;
}

export async function updateMissionRow(db: DbOrTx, missionId: number, set: Partial<MissionInsert>): Promise<MissionRow> {
  const [row] = await db.update(missions).set(set).where(eq(missions.id, missionId)).returning();
  return row!;
}

export async function insertItems(db: DbOrTx, values: ItemInsert[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(missionItems).values(values);
}

/** Changes one item of the mission; undefined when the mission has no such item. */
export async function updateItem(db: DbOrTx, missionId: number, itemId: number, set: Pick<ItemInsert, 'title' | 'data'>): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(missionItems)
    .set(set)
    .where(and(eq(missionItems.missionId, missionId), eq(missionItems.id, itemId)))
    .returning();
  return row;
}

/** Removes one item of the mission; undefined when the mission has no such item. */
export async function deleteItem(db: DbOrTx, missionId: number, itemId: number): Promise<ItemRow | undefined> {
  const [row] = await db
    .delete(missionItems)
    .where(and(eq(missionItems.missionId, missionId), eq(missionItems.id, itemId)))
    .returning();
  return row;
}
