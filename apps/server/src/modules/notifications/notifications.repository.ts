import { sql } from 'drizzle-orm';
import type { TNotificationData, TNotificationKind } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** 'u:<storeUserId>' / 'c:<consumerId>' and its two columns (the engine's participant key). */
export interface Person {
  key: string;
  brandId: string;
  storeUserId: number | null;
  consumerId: number | null;
}

// ——— the inbox ———

export interface NotificationRow {
  id: string | number;
  kind: TNotificationKind;
  campaign_id: number;
  data: TNotificationData;
  created_at: Date | string;
  read_at: Date | string | null;
}

export async function listNotificationRows(db: DbOrTx, p: Person, before: number | null, limit: number): Promise<NotificationRow[]> {
  return rowsOf<NotificationRow>(
    await db.execute(sql`select id, kind, campaign_id, data, created_at, read_at from notifications
      where participant = ${p.key} and brand_id = ${p.brandId} ${before ? sql`and id < ${before}` : sql``}
      order by id desc limit ${limit}`),
  );
}

export async function countUnread(db: DbOrTx, p: Person): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from notifications where participant = ${p.key} and brand_id = ${p.brandId} and read_at is null`),
  );
  return Number(row?.n ?? 0);
}

export async function markRead(db: DbOrTx, p: Person, ids: number[] | null): Promise<void> {
  await db.execute(sql`update notifications set read_at = now()
    where participant = ${p.key} and brand_id = ${p.brandId} and read_at is null
    ${ids ? sql`and id = any(${`{${ids.join(',')}}`}::bigint[])` : sql``}`);
}

// ——— choices and subscriptions ———

export async function choiceRows(db: DbOrTx, p: Person): Promise<{ kind: string; channel: string; enabled: boolean }[]> {
  return rowsOf(await db.execute(sql`select kind, channel, enabled from notification_choices where participant = ${p.key} and brand_id = ${p.brandId}`));
}

export async function upsertChoices(db: DbOrTx, p: Person, choices: { kind: string; channel: string; enabled: boolean }[]): Promise<void> {
  for (const c of choices)
    await db.execute(sql`insert into notification_choices (brand_id, participant, store_user_id, consumer_id, kind, channel, enabled)
      values (${p.brandId}, ${p.key}, ${p.storeUserId}, ${p.consumerId}, ${c.kind}, ${c.channel}, ${c.enabled})
      on conflict (participant, kind, channel) do update set enabled = excluded.enabled, updated_at = now()`);
}

export async function participantEmail(db: DbOrTx, p: Person): Promise<string | null> {
  const [row] = rowsOf<{ email: string | null }>(
    await db.execute(
      p.storeUserId !== null
        ? sql`select email from store_users where id = ${p.storeUserId} and brand_id = ${p.brandId}`
        : sql`select email from consumers where id = ${p.consumerId} and brand_id = ${p.brandId}`,
    ),
  );
  return row?.email ? row.email : null;
}

export async function countPushDevices(db: DbOrTx, p: Person): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from push_subscriptions where participant = ${p.key} and brand_id = ${p.brandId}`));
  return Number(row?.n ?? 0);
}

/** A browser subscribes once: its endpoint moves to whoever subscribed with it last (a shared device). */
export async function upsertPushSubscription(
  db: DbOrTx,
  p: Person,
  s: { endpoint: string; p256dh: string; auth: string; language: string },
): Promise<void> {
  await db.execute(sql`insert into push_subscriptions (brand_id, participant, store_user_id, consumer_id, endpoint, p256dh, auth, language)
    values (${p.brandId}, ${p.key}, ${p.storeUserId}, ${p.consumerId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.language})
    on conflict (endpoint) do update set brand_id = excluded.brand_id, participant = excluded.participant,
      store_user_id = excluded.store_user_id, consumer_id = excluded.consumer_id, p256dh = excluded.p256dh,
      auth = excluded.auth, language = excluded.language, created_at = now()`);
}

export async function deletePushSubscription(db: DbOrTx, p: Person, endpoint: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where participant = ${p.key} and brand_id = ${p.brandId} and endpoint = ${endpoint}`);
}

/** A push service answered that the subscription is gone (404/410): nobody receives on it any more. */
export async function deletePushEndpoints(db: DbOrTx, endpoints: string[]): Promise<void> {
  if (endpoints.length) await db.execute(sql`delete from push_subscriptions where endpoint = any(${toTextArray(endpoints)}::text[])`);
}

const toTextArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;

// ——— the outbox ———

/** Campaigns ending within the notice: one event each (the key makes a second sweep a no-op). */
export async function insertEndingEvents(db: DbOrTx, noticeSeconds: number): Promise<void> {
  await db.execute(sql`insert into notification_events (brand_id, kind, event_key, campaign_id)
    select brand_id, 'campaign-ending', 'ending:' || id, id from campaigns
     where status = 'active' and end_date > now() and end_date <= now() + make_interval(secs => ${noticeSeconds})
    on conflict (event_key) do nothing`);
}

export async function pendingEventIds(db: DbOrTx, limit: number): Promise<number[]> {
  return rowsOf<{ id: string | number }>(
    await db.execute(sql`select id from notification_events where fanned_out_at is null order by id limit ${limit}`),
  ).map((r) => Number(r.id));
}

export interface EventRow {
  id: number;
  brand_id: string;
  kind: TNotificationKind;
  campaign_id: number;
  subject_id: string | number | null;
  participant: string | null;
  campaign_name: string;
  end_date: Date | string | null;
}

/** The event, locked for its fan-out (another worker on it: undefined, as is an event already fanned out). */
export async function lockPendingEvent(tx: DbOrTx, eventId: number): Promise<EventRow | undefined> {
  return rowsOf<EventRow>(
    await tx.execute(sql`select e.id::int as id, e.brand_id, e.kind, e.campaign_id, e.subject_id, e.participant, c.name as campaign_name, c.end_date
      from notification_events e join campaigns c on c.id = e.campaign_id and c.brand_id = e.brand_id
      where e.id = ${eventId} and e.fanned_out_at is null for update of e skip locked`),
  )[0];
}

/** What a person's event says beyond the campaign: the reward's title, the mission's title, the review's reason. */
export async function subjectDetails(
  tx: DbOrTx,
  e: EventRow,
): Promise<{ rewardTitle: string | null; missionTitle: string | null; reason: string | null }> {
  if (e.subject_id === null) return { rewardTitle: null, missionTitle: null, reason: null };
  if (e.kind === 'reward-unlocked' || e.kind === 'prize-assigned') {
    const [row] = rowsOf<{ title: string }>(
      await tx.execute(sql`select coalesce(nullif(r.title, ''), r.auto_title, '') as title from reward_unlocks u
        join rewards r on r.id = u.reward_id where u.id = ${e.subject_id} and u.brand_id = ${e.brand_id}`),
    );
    return { rewardTitle: row?.title ?? '', missionTitle: null, reason: null };
  }
  const [row] = rowsOf<{ title: string; reason: string | null }>(
    await tx.execute(sql`select m.title, (select rc.reason from receipts rc where rc.completion_id = x.id) as reason
      from completions x join campaign_missions cm on cm.id = x.campaign_mission_id join missions m on m.id = cm.mission_id
      where x.id = ${e.subject_id} and x.brand_id = ${e.brand_id}`),
  );
  return { rewardTitle: null, missionTitle: row?.title ?? '', reason: row?.reason ?? null };
}

/** One inbox item for the event's person (if they still exist); a second run adds nothing. */
export async function insertPersonNotification(tx: DbOrTx, e: EventRow, data: TNotificationData): Promise<void> {
  const person = e.participant ?? '';
  const id = Number(person.slice(2));
  const isUser = person.startsWith('u:');
  await tx.execute(sql`insert into notifications (brand_id, event_id, participant, store_user_id, consumer_id, kind, campaign_id, data)
    select ${e.brand_id}::text, ${e.id}::bigint, ${person}::text, ${isUser ? id : null}::int, ${isUser ? null : id}::int, ${e.kind}::text, ${e.campaign_id}::int, ${JSON.stringify(data)}::jsonb
    where exists (${isUser ? sql`select 1 from store_users where id = ${id}` : sql`select 1 from consumers where id = ${id}`})
    on conflict (event_id, participant) do nothing`);
}

/**
 * One inbox item per person the campaign reaches, in one statement whatever their number — the reach rule of
 * /play (play.repository.ts `reachConditionOf`) turned round: a store user of an approved store its scope takes
 * (all stores, chosen stores, a group holding it) who is active (not pending, deactivated or refused), or a consumer
 * of the brand in one of its countries.
 */
export async function insertReachNotifications(tx: DbOrTx, e: EventRow, data: TNotificationData): Promise<number> {
  const json = JSON.stringify(data);
  // Parameters typed: the branches of a union would otherwise resolve an untyped one as text.
  const result = await tx.execute(sql`with c as (
      select id, brand_id, type, scope_type, scope_pks, country_codes from campaigns where id = ${e.campaign_id} and brand_id = ${e.brand_id})
    insert into notifications (brand_id, event_id, participant, store_user_id, consumer_id, kind, campaign_id, data)
    select c.brand_id, ${e.id}::bigint, 'u:' || su.id, su.id, null::int, ${e.kind}::text, c.id, ${json}::jsonb
      from c join store_users su on su.brand_id = c.brand_id and su.status = 'active'
      join stores s on s.id = su.store_id and s.status = 'approved'
     where c.type <> 'consumer'
       and (c.scope_type = 'all'
         or (c.scope_type = 'store' and su.store_id = any(c.scope_pks))
         or (c.scope_type = 'group' and exists (select 1 from store_group_members m where m.store_id = su.store_id and m.group_id = any(c.scope_pks))))
    union all
    select c.brand_id, ${e.id}::bigint, 'c:' || co.id, null::int, co.id, ${e.kind}::text, c.id, ${json}::jsonb
      from c join consumers co on co.brand_id = c.brand_id and co.country_code = any(c.country_codes) and co.deactivated_at is null
     where c.type = 'consumer'
    on conflict (event_id, participant) do nothing`);
  return (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}

/**
 * The event's push and mail, one delivery per inbox item and channel, as each person chose (no choice: the
 * channel's default): push where the person has a subscribed browser, mail where they have an address.
 */
export async function insertDeliveries(tx: DbOrTx, eventId: number, defaults: { push: boolean; mail: boolean }): Promise<{ push: number; mail: number }> {
  const count = (r: unknown) => Number((r as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0);
  const push = await tx.execute(sql`insert into notification_deliveries (brand_id, notification_id, channel)
    select n.brand_id, n.id, 'push' from notifications n
     where n.event_id = ${eventId}
       and exists (select 1 from push_subscriptions s where s.participant = n.participant)
       and coalesce((select ch.enabled from notification_choices ch where ch.participant = n.participant and ch.kind = n.kind and ch.channel = 'push'), ${defaults.push})
    on conflict (notification_id, channel) do nothing`);
  const mail = await tx.execute(sql`insert into notification_deliveries (brand_id, notification_id, channel)
    select n.brand_id, n.id, 'mail' from notifications n
     where n.event_id = ${eventId}
       and coalesce((select ch.enabled from notification_choices ch where ch.participant = n.participant and ch.kind = n.kind and ch.channel = 'mail'), ${defaults.mail})
       and (exists (select 1 from store_users su where su.id = n.store_user_id and su.email is not null and su.email <> '')
         or exists (select 1 from consumers co where co.id = n.consumer_id and co.email <> ''))
    on conflict (notification_id, channel) do nothing`);
  return { push: count(push), mail: count(mail) };
}

export async function markEventFannedOut(tx: DbOrTx, eventId: number): Promise<void> {
  await tx.execute(sql`update notification_events set fanned_out_at = now() where id = ${eventId}`);
}

// ——— deliveries ———

export async function hasOpenDeliveries(db: DbOrTx, channel: 'push' | 'mail'): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 from notification_deliveries where channel = ${channel} and status in ('queued', 'sending')
      and (status = 'queued' or claimed_at < now() - interval '5 minutes') limit 1`),
  );
  return rows.length > 0;
}

export interface ClaimedDelivery {
  delivery_id: string | number;
  attempts: number;
  notification_id: string | number;
  kind: TNotificationKind;
  campaign_id: number;
  data: TNotificationData;
  email: string | null;
  /** The language the person saved in /play (decision 0027), null when they never chose one. */
  language: string | null;
  /** Newest first: the first one's language is a mail's fallback when the person saved none. */
  subscriptions: { endpoint: string; p256dh: string; auth: string; language: string }[] | null;
}

/**
 * Takes up to `limit` deliveries of a channel for sending: queued ones, and ones taken by a worker that stopped
 * over 5 minutes ago. Marked taken in the same statement, so two workers never take the same one.
 */
export async function claimDeliveries(db: DbOrTx, channel: 'push' | 'mail', limit: number): Promise<ClaimedDelivery[]> {
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`with claimed as (
        update notification_deliveries d set status = 'sending', claimed_at = now(), attempts = d.attempts + 1
         where d.id in (select id from notification_deliveries
                         where channel = ${channel} and status in ('queued', 'sending')
                           and (status = 'queued' or claimed_at < now() - interval '5 minutes')
                         order by id limit ${limit} for update skip locked)
        returning d.id, d.notification_id, d.attempts)
      select c.id as delivery_id, c.attempts, n.id as notification_id, n.kind, n.campaign_id, n.data,
        coalesce(su.email, co.email) as email, coalesce(su.locale, co.locale) as language,
        (select json_agg(json_build_object('endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth, 'language', s.language)
                         order by s.created_at desc, s.id desc)
           from push_subscriptions s where s.participant = n.participant) as subscriptions
      from claimed c join notifications n on n.id = c.notification_id
      left join store_users su on su.id = n.store_user_id
      left join consumers co on co.id = n.consumer_id`),
  );
}

export async function finishDeliveries(
  db: DbOrTx,
  ids: (string | number)[],
  status: 'sent' | 'failed' | 'skipped' | 'retry',
  error: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  // 'retry': left taken, so it is taken again once the 5 minutes of a stopped worker have passed.
  await db.execute(sql`update notification_deliveries
    set status = ${status === 'retry' ? 'sending' : status}, sent_at = ${status === 'sent' ? sql`now()` : sql`null`}, error = ${error},
        claimed_at = ${status === 'retry' ? sql`now()` : sql`null`}
    where id = any(${`{${ids.join(',')}}`}::bigint[])`);
}
