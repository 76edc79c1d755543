import type { TPlaySettingsBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { unauthenticated } from '../../lib/app-error.js';
import { loadParticipant, type PlayActor } from './play-session.js';
import { updateSettings } from './play-self-service.repository.js';

export interface UpdateMySettingsOptions {
  db: Db;
  actor: PlayActor;
  /** Already parsed with ZPlaySettingsBody: name trimmed, language one of /play's, time zone one Intl knows. */
  change: TPlaySettingsBody;
}

/** Saves the participant's name, language or time zone (decision 0027) and answers the participant as now stored. */
export async function updateMySettings({ db, actor, change }: UpdateMySettingsOptions): Promise<PlayActor> {
  const saved = await updateSettings(db, actor, {
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
    ...(change.language !== undefined ? { language: change.language } : {}),
    ...(change.timeZone !== undefined ? { timeZone: change.timeZone === null ? null : change.timeZone.trim() } : {}),
  });
  // Deleted meanwhile (another tab): the session is gone with it.
  if (!saved) throw unauthenticated();
  const now = await loadParticipant(db, actor.kind, actor.id);
  if (!now) throw unauthenticated();
  return now;
}
