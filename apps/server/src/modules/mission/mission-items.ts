import { ERROR_CODES, itemKindFor, moveInOrder, type TMissionItem, type TMissionItemBody } from '@rally/domain';
import type { Db, Tx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { deleteItem, findMission, insertItems, listItemRows, listItems, lockMission, rewardsUsingItems, updateItem, writeItemOrder } from './mission.repository.js';
import { refreshMissionStatus } from './refresh-mission-status.js';

interface ItemOptions {
  db: Db;
  actor: RequestActor;
  missionId: number;
}

async function lockOwnMission(tx: Tx, actor: RequestActor, missionId: number) {
  const mission = await lockMission(tx, actor.brandId, missionId);
  if (!mission) throw notFound('Mission');
  return mission;
}

function checkKind(mission: { type: Parameters<typeof itemKindFor>[0]; subtype: Parameters<typeof itemKindFor>[1] }, kind: string) {
  const expected = itemKindFor(mission.type, mission.subtype);
  if (kind !== expected) throw invalid([{ path: 'kind', message: `this mission takes ${expected} items` }]);
}

export async function getMissionItems({ db, actor, missionId }: ItemOptions): Promise<TMissionItem[]> {
  const found = await findMission(db, actor.brandId, missionId);
  if (!found) throw notFound('Mission');
  return listItems(db, actor.brandId, found.id);
}

export async function createMissionItem({ db, actor, missionId, body }: ItemOptions & { body: TMissionItemBody }) {
  return db.transaction(async (tx) => {
    const mission = await lockOwnMission(tx, actor, missionId);
    checkKind(mission, body.kind);
    const count = (await listItemRows(tx, mission.id)).length;
    await insertItems(tx, [{ brandId: actor.brandId, missionId: mission.id, kind: body.kind, title: body.title, data: body.data, order: count }]);
    await refreshMissionStatus(tx, mission);
    return listItems(tx, actor.brandId, mission.id);
  });
}

export async function updateMissionItem({ db, actor, missionId, itemId, body }: ItemOptions & { itemId: number; body: TMissionItemBody }) {
  return db.transaction(async (tx) => {
    const mission = await lockOwnMission(tx, actor, missionId);
    checkKind(mission, body.kind);
    const updated = await updateItem(tx, mission.id, itemId, { title: body.title, data: body.data });
    if (!updated) throw notFound('Item');
    await refreshMissionStatus(tx, mission);
    return listItems(tx, actor.brandId, mission.id);
  });
}

export async function reorderMissionItem({ db, actor, missionId, itemId, order }: ItemOptions & { itemId: number; order: number }) {
  return db.transaction(async (tx) => {
    const mission = await lockOwnMission(tx, actor, missionId);
    const ids = (await listItemRows(tx, mission.id)).map((i) => i.id);
    if (!ids.includes(itemId)) throw notFound('Item');
    await writeItemOrder(tx, mission.id, moveInOrder(ids, itemId, order));
    return listItems(tx, actor.brandId, mission.id);
  });
}

/** Deletes an item no reward uses (409 naming the reward otherwise). */
export async function deleteMissionItem({ db, actor, missionId, itemId }: ItemOptions & { itemId: number }) {
  return db.transaction(async (tx) => {
    const mission = await lockOwnMission(tx, actor, missionId);
    const usage = (await rewardsUsingItems(tx, actor.brandId, mission.id)).get(itemId);
    if (usage && usage.length > 0) {
      const names = usage.map((u) => `"${u.title}"`).join(', ');
      throw conflict(`This item is used by the reward ${names}`, ERROR_CODES.itemInUse, [{ path: 'itemId', message: `used by ${names}` }]);
    }
    const removed = await deleteItem(tx, mission.id, itemId);
    if (!removed) throw notFound('Item');
    await writeItemOrder(tx, mission.id, (await listItemRows(tx, mission.id)).map((i) => i.id));
    await refreshMissionStatus(tx, mission);
    return listItems(tx, actor.brandId, mission.id);
  });
}
