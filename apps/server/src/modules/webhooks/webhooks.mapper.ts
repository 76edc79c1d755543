import type { TWebhookAttempt, TWebhookEndpoint, TWebhookEventType, TWebhookMessage } from '@rally/domain';
import type { WebhookAttemptRow, WebhookEndpointRow, WebhookMessageRow } from './webhooks.repository.js';

const seconds = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 1000));

/** An endpoint as the dashboard shows it: never its secret. */
export function toWebhookEndpoint(row: WebhookEndpointRow, now = new Date()): TWebhookEndpoint {
  const graceRuns = row.previousSecretUntil !== null && row.previousSecretUntil > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as TWebhookEventType[],
    enabled: row.enabled,
    disabledReason: (row.disabledReason as TWebhookEndpoint['disabledReason']) ?? null,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretUntil: graceRuns ? seconds(row.previousSecretUntil) : null,
    createdAt: seconds(row.createdAt)!,
  };
}

export function toWebhookAttempt(row: WebhookAttemptRow): TWebhookAttempt {
  return {
    id: row.id,
    at: seconds(row.createdAt)!,
    requestHeaders: row.requestHeaders,
    requestBody: row.requestBody,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    replay: row.replay,
  };
}

export function toWebhookMessage(row: WebhookMessageRow, attempts: WebhookAttemptRow[]): TWebhookMessage {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType as TWebhookEventType,
    status: row.status as TWebhookMessage['status'],
    attempts: row.attempts,
    createdAt: seconds(row.createdAt)!,
    nextAttemptAt: row.status === 'pending' ? seconds(row.nextAttemptAt) : null,
    deliveredAt: seconds(row.deliveredAt),
    log: attempts.map(toWebhookAttempt),
  };
}
