import { ERROR_CODES, type TWebhookMessage } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { findEndpointForUpdate, findMessageForUpdate, requeueMessage } from './webhooks.repository.js';
import { toWebhookMessage } from './webhooks.mapper.js';

/**
 * Sends a message again — delivered, given up or still retrying — with its original id and body (a receiver that
 * dedupes by `webhook-id` sees the same event). The dispatcher sends it within a sweep; the attempt is logged as a
 * replay. A disabled endpoint is turned on first (409 until then): nothing goes to an endpoint that is off.
 */
export async function replayWebhookMessage(o: { db: Db; actor: RequestActor; endpointId: number; messageId: number; onQueued?: () => void }): Promise<TWebhookMessage> {
  const message = await o.db.transaction(async (tx) => {
    const endpoint = await findEndpointForUpdate(tx, o.actor.brandId, o.endpointId);
    if (!endpoint) throw notFound('Webhook endpoint');
    if (!endpoint.enabled)
      throw conflict('Turn the endpoint on before replaying to it', ERROR_CODES.illegalTransition, [{ path: 'endpointId', message: 'the endpoint is disabled' }]);
    const m = await findMessageForUpdate(tx, endpoint.id, o.messageId);
    if (!m) throw notFound('Webhook message');
    if (m.status === 'sending')
      throw conflict('This message is being sent right now', ERROR_CODES.illegalTransition, [{ path: 'messageId', message: 'being sent' }]);
    await requeueMessage(tx, m.id);
    await recordActivity(tx, {
      brandId: o.actor.brandId,
      actor: userActor(o.actor),
      action: 'webhook.replayed',
      subject: { type: 'webhook', id: endpoint.id, label: endpoint.url },
      changes: [{ field: 'message', old: null, new: m.messageId }],
    });
    return (await findMessageForUpdate(tx, endpoint.id, m.id))!;
  });
  o.onQueued?.();
  return toWebhookMessage(message, []);
}
