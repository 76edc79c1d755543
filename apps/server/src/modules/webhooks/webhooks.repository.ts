import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { members, users, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(db: DbOrTx, row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
  const [saved] = await db.insert(webhookEndpoints).values(row).returning();
  return saved!;
}

export async function listEndpointRows(db: DbOrTx, brandId: string): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.brandId, brandId)).orderBy(desc(webhookEndpoints.id));
}

export async function countEndpoints(db: DbOrTx, brandId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.brandId, brandId));
  return row?.n ?? 0;
}

/** One endpoint of the brand (another brand's id finds nothing), locked for a change. */
export async function findEndpointForUpdate(db: DbOrTx, brandId: string, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.brandId, brandId), eq(webhookEndpoints.id, id)))
    .for('update');
  return row;
}

export async function findEndpoint(db: DbOrTx, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpointRow(db: DbOrTx, id: number, set: Partial<typeof webhookEndpoints.$inferInsert>): Promise<WebhookEndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

/** Deletes an endpoint with its messages (they have no foreign key to cascade; their attempts do). */
export async function deleteEndpointRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhookMessages).where(eq(webhookMessages.endpointId, id));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** An endpoint's latest messages with their attempts (newest first). */
export async function listMessageRows(db: DbOrTx, endpointId: number, limit: number): Promise<{ messages: WebhookMessageRow[]; attempts: WebhookAttemptRow[] }> {
  const messages = await db
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(desc(webhookMessages.id))
    .limit(limit);
  const attempts = messages.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.messageId, messages.map((m) => m.id)))
        .orderBy(desc(webhookAttempts.id))
    : [];
  return { messages, attempts };
}

export async function findMessageForUpdate(db: DbOrTx, endpointId: number, id: number): Promise<WebhookMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.endpointId, endpointId), eq(webhookMessages.id, id)))
    .for('update');
  return row;
}

/** A message due again now, sent as a replay (its next attempt is logged as one). */
export async function requeueMessage(db: DbOrTx, id: number): Promise<void> {
  await db.update(webhookMessages).set({ status: 'pending', nextAttemptAt: new Date(), leaseUntil: null, replay: true }).where(eq(webhookMessages.id, id));
}

export interface ClaimedMessage {
  id: number;
  brand_id: string;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: unknown;
  attempts: number;
  created_at: string | Date;
  replay: boolean;
  url: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_until: string | Date | null;
}

/**
 * Takes up to `limit` messages due now, each the first open one of its endpoint and ordering key (so one participant's
 * events go out one after another, in the order they were written), of enabled endpoints only: the claim starts from
 * the enabled endpoints (in a random order, so no endpoint's backlog starves another's) and reads each one's open
 * messages by the partial index (endpoint, id) — a disabled endpoint's waiting messages are never read. Claimed rows
 * become 'sending' with a lease; `skip locked`: two dispatchers never take the same message. A message whose lease ran
 * out (its process died mid-send) is due again.
 */
export async function claimDueMessages(db: DbOrTx, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  return rowsOf<ClaimedMessage>(
    await db.execute(sql`
      with due as (
        select d.id from (select e.id from webhook_endpoints e where e.enabled order by random()) e
         cross join lateral (
           select m.id from webhook_messages m
            where m.endpoint_id = e.id and m.status in ('pending', 'sending')
              and (case when m.status = 'pending' then m.next_attempt_at else m.lease_until end) <= now()
              and not exists (
                select 1 from webhook_messages p
                 where p.endpoint_id = m.endpoint_id and p.ordering_key = m.ordering_key and p.id < m.id
                   and p.status in ('pending', 'sending'))
            order by m.id
            limit ${limit}
            for update of m skip locked) d
         limit ${limit})
      update webhook_messages w
         set status = 'sending', lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = w.attempts + 1
        from due, webhook_endpoints e
       where w.id = due.id and e.id = w.endpoint_id
      returning w.id, w.brand_id, w.endpoint_id, w.message_id, w.event_type, w.payload, w.attempts, w.created_at, w.replay,
                e.url, e.secret_enc, e.previous_secret_enc, e.previous_secret_until`),
  );
}

/** True when an enabled endpoint has a message due now (the sweep's cheap question before it claims). */
export async function hasDueMessages(db: DbOrTx): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`select 1 as one from webhook_endpoints e
      where e.enabled and exists (
        select 1 from webhook_messages m
         where m.endpoint_id = e.id and m.status in ('pending', 'sending')
           and (case when m.status = 'pending' then m.next_attempt_at else m.lease_until end) <= now())
      limit 1`),
  );
  return rows.length > 0;
}

export async function insertAttempts(db: DbOrTx, rows: (typeof webhookAttempts.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(webhookAttempts).values(rows);
}

/** Delivered messages: done. */
export async function markDelivered(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update webhook_messages set status = 'delivered', delivered_at = now(), lease_until = null, replay = false
    where id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::bigint[]`)})`);
}

/** Failed attempts: each tried again at its `next` (epoch ms), or given up ('failed') when null. */
export async function markFailed(db: DbOrTx, failed: { id: number; next: number | null }[]): Promise<void> {
  if (failed.length === 0) return;
  await db.execute(sql`update webhook_messages m
    set status = case when x.next is null then 'failed' else 'pending' end,
        next_attempt_at = coalesce(to_timestamp(x.next / 1000.0), m.next_attempt_at), lease_until = null, replay = false
    from jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) as x(id bigint, next double precision)
    where m.id = x.id`);
}

/**
 * The endpoints' runs of failures after a batch of attempts: `reset` (a delivery succeeded) starts the run again from
 * the failures after it, `failures` adds to it. An endpoint whose run reaches `disableAfter` is turned off; only the
 * update that crosses the line answers its id, so one mail goes out.
 */
export async function countFailures(db: DbOrTx, runs: { id: number; reset: boolean; failures: number }[], disableAfter: number): Promise<number[]> {
  if (runs.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`with x as (select * from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as x(id bigint, reset boolean, failures int)),
      changed as (
        update webhook_endpoints e
           set consecutive_failures = case when x.reset then x.failures else e.consecutive_failures + x.failures end,
               enabled = e.enabled and (case when x.reset then x.failures else e.consecutive_failures + x.failures end) < ${disableAfter},
               disabled_reason = case when e.enabled and (case when x.reset then x.failures else e.consecutive_failures + x.failures end) >= ${disableAfter}
                                      then 'failures' else e.disabled_reason end
          from x join webhook_endpoints o on o.id = x.id
         where e.id = x.id and (x.failures > 0 or e.consecutive_failures <> 0)
        returning e.id, e.enabled, e.disabled_reason, o.enabled as was_enabled)
      select id from changed where was_enabled and not enabled and disabled_reason = 'failures'`),
  );
  return rows.map((r) => Number(r.id));
}

/** The emails and languages of the brand's owners. */
export async function ownerContacts(db: DbOrTx, brandId: string): Promise<{ email: string; locale: string | null }[]> {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, brandId), eq(members.role, 'owner')));
}
