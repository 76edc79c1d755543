import { isMissionComplete, missionStatusAfterEdit } from '@rally/domain';
import type { Tx } from '../../db/client.js';
import type { missions } from '../../db/schema/index.js';
import { listItemRows, updateMissionRow } from './mission.repository.js';

type MissionRow = typeof missions.$inferSelect;

/** After any edit: status and isCompleteFill follow from what the mission now has. */
export async function refreshMissionStatus(tx: Tx, mission: MissionRow, patch: Partial<MissionRow> = {}): Promise<MissionRow> {
  const next = { ...mission, ...patch };
  const items = await listItemRows(tx, mission.id);
  const complete = isMissionComplete({ title: next.title, type: next.type, subtype: next.subtype, items });
  return updateMissionRow(tx, mission.id, { ...patch, isCompleteFill: complete, status: missionStatusAfterEdit(next.status, complete), updatedAt: new Date() });
}
