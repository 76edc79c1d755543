import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brandIdColumn, brandIdViaParentColumn } from './columns.js';
import { users } from './auth.js';

/**
 * A brand's outbound webhook endpoints (issue 31, decision 0029). The signing secret (`whsec_…`) must be readable to
 * sign, so it is kept encrypted (AES-256-GCM under a key derived from AUTH_SECRET, modules/webhooks/webhook-secret.ts),
 * never hashed; during a rotation the previous secret also signs until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why a disabled endpoint is: 'manual' (a person) or 'failures' (the dispatcher, after repeated failures). */
    disabledReason: text('disabled_reason'),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_brand_enabled_idx').on(t.brandId).where(sql`${t.enabled}`),
    index('webhook_endpoints_brand_idx').on(t.brandId, t.id),
    check('webhook_endpoints_events_not_empty', sql`cardinality(${t.events}) > 0`),
    check('webhook_endpoints_disabled_reason_known', sql`${t.disabledReason} is null or ${t.disabledReason} in ('manual', 'failures')`),
  ],
);

/**
 * The outbox: one row per event and endpoint, written by webhook_enqueue (db/functions/webhooks.sql) in the change's
 * own transaction. `message_id` is the Standard Webhooks `webhook-id`, the same for every endpoint of one event.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys: written on the submit hot path, a key's check would lock the brand's and the endpoint's row for
    // every event (migration 0045). Deleting an endpoint deletes its messages (deleteEndpointRow).
    brandId: brandIdViaParentColumn(),
    endpointId: bigint('endpoint_id', { mode: 'number' }).notNull(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** Messages of one key (a participant) are delivered in id order; null: no order. */
    orderingKey: text('ordering_key'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claimed ('sending') message whose lease passed is taken again (its process died mid-send). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A person asked to send it again: its next attempt is logged as a replay. */
    replay: boolean('replay').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_messages_open_idx').on(t.endpointId, t.id).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_messages_order_idx').on(t.endpointId, t.orderingKey, t.id).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.id),
    check('webhook_messages_status_known', sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

/** The delivery log: every attempt's request and (truncated) response, shown in the dashboard. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    endpointId: bigint('endpoint_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    replay: boolean('replay').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id), index('webhook_attempts_message_idx').on(t.messageId, t.id)],
);
