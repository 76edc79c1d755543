import {
  CHOOSABLE_CHANNELS,
  NOTIFICATION_KINDS,
  defaultChoice,
  type TNotificationChoices,
  type TNotificationChoicesBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import type { ParticipantRef } from '../engine/index.js';
import { choiceRows, countPushDevices, participantEmail, upsertChoices } from './notifications.repository.js';
import { personOf } from './participant-person.js';

/** Every kind × push/mail with what applies: my choice, or the channel's default. */
export async function getNotificationChoices(db: Db, participant: ParticipantRef): Promise<TNotificationChoices> {
  const person = personOf(participant);
  const [rows, email, pushDevices] = await Promise.all([choiceRows(db, person), participantEmail(db, person), countPushDevices(db, person)]);
  const saved = new Map(rows.map((r) => [`${r.kind}/${r.channel}`, r.enabled]));
  return {
    choices: NOTIFICATION_KINDS.flatMap((kind) =>
      CHOOSABLE_CHANNELS.map((channel) => ({ kind, channel, enabled: saved.get(`${kind}/${channel}`) ?? defaultChoice(channel) })),
    ),
    canMail: email !== null,
    pushDevices,
  };
}

/** Saves the choices sent (others stay as they were). Mail needs an address to go to. */
export async function saveNotificationChoices(db: Db, participant: ParticipantRef, body: TNotificationChoicesBody): Promise<TNotificationChoices> {
  const person = personOf(participant);
  const wantsMail = body.choices.findIndex((c) => c.channel === 'mail' && c.enabled);
  if (wantsMail >= 0 && (await participantEmail(db, person)) === null)
    throw invalid([{ path: `choices.${wantsMail}.enabled`, message: 'there is no email address on this account to mail to' }]);
  await upsertChoices(db, person, body.choices);
  return getNotificationChoices(db, participant);
}
