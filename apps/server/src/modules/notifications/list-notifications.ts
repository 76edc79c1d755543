import type { TMarkNotificationsReadBody, TNotificationList } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { ParticipantRef } from '../engine/index.js';
import { countUnread, listNotificationRows, markRead } from './notifications.repository.js';
import { personOf } from './participant-person.js';

const PAGE = 30;
const epoch = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/** My inbox, newest first, a page at a time (`before`: the last id of the previous page), with how many are unread. */
export async function listNotifications(db: Db, participant: ParticipantRef, before: number | undefined): Promise<TNotificationList> {
  const person = personOf(participant);
  const [rows, unread] = await Promise.all([listNotificationRows(db, person, before ?? null, PAGE), countUnread(db, person)]);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      campaignId: r.campaign_id,
      data: r.data,
      createdAt: epoch(r.created_at),
      read: r.read_at !== null,
    })),
    unread,
  };
}

/** Marks my items read (the given ones, or all); another person's ids are simply not mine to mark. */
export async function markNotificationsRead(db: Db, participant: ParticipantRef, body: TMarkNotificationsReadBody): Promise<{ unread: number }> {
  const person = personOf(participant);
  await markRead(db, person, body.ids ?? null);
  return { unread: await countUnread(db, person) };
}
