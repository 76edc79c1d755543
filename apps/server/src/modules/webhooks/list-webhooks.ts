import { WEBHOOK_EVENT_TYPES, type TWebhookEndpointList, type TWebhookMessageList } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findEndpoint, listEndpointRows, listMessageRows } from './webhooks.repository.js';
import { toWebhookEndpoint, toWebhookMessage } from './webhooks.mapper.js';

/** The brand's endpoints (newest first) and the events one may choose. */
export async function listWebhookEndpoints(db: Db, actor: RequestActor): Promise<TWebhookEndpointList> {
  const rows = await listEndpointRows(db, actor.brandId);
  return { items: rows.map((r) => toWebhookEndpoint(r)), events: [...WEBHOOK_EVENT_TYPES] };
}

/** An endpoint's latest 50 messages, each with its attempts: the delivery log. */
export async function listWebhookMessages(db: Db, actor: RequestActor, endpointId: number): Promise<TWebhookMessageList> {
  const endpoint = await findEndpoint(db, endpointId);
  if (!endpoint || endpoint.brandId !== actor.brandId) throw notFound('Webhook endpoint');
  const { messages, attempts } = await listMessageRows(db, endpointId, 50);
  return { items: messages.map((m) => toWebhookMessage(m, attempts.filter((a) => a.messageId === m.id))) };
}
