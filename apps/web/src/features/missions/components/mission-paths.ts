export const MISSION_LIBRARY_PATH = '/mission';

export function missionEditorPath(mission: { id: number }): string {
  return `/mission/update/${mission.id}`;
}
