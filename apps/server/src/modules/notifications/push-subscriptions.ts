import type { TPushSubscriptionBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import type { ParticipantRef } from '../engine/index.js';
import { deletePushSubscription, upsertPushSubscription } from './notifications.repository.js';
import { personOf } from './participant-person.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Keeps this browser's push subscription for me. The server will POST to the endpoint, so it must be a push
 * service over https; plain http only to this machine outside production (a local push service in tests).
 */
export async function savePushSubscription(
  db: Db,
  participant: ParticipantRef,
  body: TPushSubscriptionBody,
  opts: { allowLoopbackHttp: boolean },
): Promise<void> {
  const url = new URL(body.endpoint);
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname) && opts.allowLoopbackHttp;
  if (url.protocol !== 'https:' && !loopbackHttp) throw invalid([{ path: 'endpoint', message: 'must be an https:// push service URL' }]);
  if (url.username || url.password) throw invalid([{ path: 'endpoint', message: 'must not carry a user name or password' }]);
  await upsertPushSubscription(db, personOf(participant), {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    language: body.language ?? 'en',
  });
}

export async function removePushSubscription(db: Db, participant: ParticipantRef, endpoint: string): Promise<void> {
  await deletePushSubscription(db, personOf(participant), endpoint);
}
