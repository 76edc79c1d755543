import { sql } from 'drizzle-orm';
import type { TWebhookEventType } from '@rally/domain';
import type { DbOrTx } from '../db/client.js';

/**
 * Writes a webhook event to the outbox in the caller's transaction (pass the use case's `tx`): one message per enabled
 * endpoint of the brand subscribed to `eventType`, delivered after commit; nothing when the brand has none (one index
 * lookup). `orderingKey` — a participant ('u:<storeUserId>' / 'c:<consumerId>') — keeps that key's messages in order.
 * The same as calling the SQL function webhook_enqueue from another SQL function. It lives in lib, not in
 * modules/webhooks, so any module may write an event without an arrow to the webhooks module (decision 0029).
 */
export async function enqueueWebhook(
  tx: DbOrTx,
  brandId: string,
  eventType: TWebhookEventType,
  payload: Record<string, unknown>,
  orderingKey: string | null = null,
): Promise<void> {
  await tx.execute(sql`select webhook_enqueue(${brandId}, ${eventType}, ${JSON.stringify(payload)}::jsonb, ${orderingKey})`);
}
