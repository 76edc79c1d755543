import type { TV1Consumer } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { deleteConsumerSessions, lockConsumer, toV1Consumer, updateConsumer } from './consumers.repository.js';

/**
 * Deactivates a consumer: signed out of /play now, no sign-in, no entries (the public API's completions refuse them),
 * no notifications; what they completed and won stays. An upsert makes them active again. Twice is the same as once.
 */
export async function deactivateConsumer(o: { db: Db; actor: RequestActor; id: number }): Promise<TV1Consumer> {
  requirePermission(o.actor, 'staff:manage');
  return o.db.transaction(async (tx) => {
    const found = await lockConsumer(tx, o.actor.brandId, o.id);
    if (!found || found.deletedAt !== null) throw notFound('Consumer');
    if (found.deactivatedAt !== null) return toV1Consumer(found);
    const row = await updateConsumer(tx, o.actor.brandId, found.id, { deactivatedAt: new Date() });
    await deleteConsumerSessions(tx, found.id);
    await recordActivity(tx, {
      brandId: o.actor.brandId,
      actor: userActor(o.actor),
      action: 'consumer.deactivated',
      subject: { type: 'consumer', id: found.id, label: found.externalRef ?? found.email ?? found.name },
      changes: [{ field: 'active', old: true, new: false }],
    });
    return toV1Consumer(row);
  });
}
