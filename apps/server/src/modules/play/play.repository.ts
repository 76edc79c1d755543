import { sql, type SQL } from 'drizzle-orm';
import type { TContestSettings, TPlayAccount, TPrizeUserFormBody } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { carriesCodes } from '../../lib/sql-helpers.js';
import type { ParticipantRef } from '../engine/index.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const col = (p: ParticipantRef) => sql.raw(p.kind === 'store_user' ? 'store_user_id' : 'consumer_id');

export interface PlayCampaignRow {
  id: number;
  name: string;
  type: 'general' | 'contest' | 'learning' | 'consumer';
  status: 'draft' | 'scheduled' | 'rejected' | 'active' | 'ended';
  shared_campaign: boolean;
  start_date: Date | string | null;
  end_date: Date | string | null;
  time_zone: string;
  public_uid: string;
  mission_count: number;
  reward_count: number;
  my_completions: number;
  my_unlocks: number;
}

/**
 * Which campaigns reach a participant: a store user's brand campaigns (not consumer ones) whose scope
 * takes their approved store (all stores, that store, or a group holding it); a consumer's brand's
 * consumer campaigns in their country.
 */
function reachCondition(p: ParticipantRef & { countryCode: string | null }): SQL {
  return reachConditionOf(p.kind, { storeId: p.storeId, countryCode: p.countryCode ?? '' });
}

/** The reach rule with its values, or with placeholders for a named statement (`reachQueries`). */
function reachConditionOf(kind: ParticipantRef['kind'], v: { storeId: unknown; countryCode: unknown }): SQL {
  if (kind === 'consumer') return sql`c.type = 'consumer' and ${v.countryCode}::text = any(c.country_codes)`;
  return sql`c.type <> 'consumer' and exists (select 1 from stores s where s.id = ${v.storeId}::int and s.status = 'approved')
    and (c.scope_type = 'all'
      or (c.scope_type = 'store' and ${v.storeId}::int = any(c.scope_pks))
      or (c.scope_type = 'group' and exists (select 1 from store_group_members m where m.store_id = ${v.storeId}::int and m.group_id = any(c.scope_pks))))`;
}

function campaignSelect(p: ParticipantRef & { countryCode: string | null }, where: SQL): SQL {
  return sql`select c.id, c.name, c.type, c.status, c.shared_campaign, c.start_date, c.end_date, c.time_zone, c.public_uid,
      (select count(*)::int from campaign_missions cm where cm.campaign_id = c.id) as mission_count,
      (select count(*)::int from rewards r where r.campaign_id = c.id) as reward_count,
      -- By the campaign's missions, so the count is an index-only range of (participant, mission, status).
      (select count(*)::int from completions x where x.campaign_mission_id in (select id from campaign_missions m where m.campaign_id = c.id)
         and x.${col(p)} = ${p.id} and x.status = 'accepted') as my_completions,
      (select count(*)::int from reward_unlocks x where x.campaign_id = c.id and x.${col(p)} = ${p.id}) as my_unlocks
    from campaigns c where c.brand_id = ${p.brandId} and ${reachCondition(p)} and ${where}`;
}

export async function listActiveCampaignsFor(db: DbOrTx, p: ParticipantRef & { countryCode: string | null }): Promise<PlayCampaignRow[]> {
  return rowsOf<PlayCampaignRow>(await db.execute(sql`${campaignSelect(p, sql`c.status = 'active'`)} order by c.start_date desc nulls last, c.id desc`));
}

/** A campaign reaching the participant, active or ended; undefined otherwise (another brand's id included). */
export async function findCampaignFor(
  db: DbOrTx,
  p: ParticipantRef & { countryCode: string | null },
  campaignId: number,
): Promise<PlayCampaignRow | undefined> {
  return rowsOf<PlayCampaignRow>(await db.execute(campaignSelect(p, sql`c.status in ('active', 'ended') and c.id = ${campaignId}`)))[0];
}

export interface ReachRow {
  campaign_mission_id: number | null;
  contest: TContestSettings | null;
}

/** Whether the campaign (active or ended) reaches me, with its contest mission if any; undefined when it does not reach me. */
export async function reachOfCampaign(
  db: DbOrTx,
  p: ParticipantRef & { countryCode: string | null },
  campaignId: number,
): Promise<ReachRow | undefined> {
  const [row] = await reachQueries(db)[p.kind].execute({ brandId: p.brandId, campaignId, storeId: p.storeId, countryCode: p.countryCode ?? '' });
  return row;
}
// Named, one per kind of participant: every participant's reach is read again every few seconds (play-campaigns.ts).
const reachQueries = perDatabase((db: DbOrTx) => {
  const reach = (kind: ParticipantRef['kind']) =>
    db
      .select({ campaign_mission_id: sql<number | null>`cm.id`, contest: sql<TContestSettings | null>`cm.contest` })
      .from(sql`campaigns c
        left join lateral (select id, contest from campaign_missions where campaign_id = c.id and contest is not null
                           order by "order", id limit 1) cm on true`)
      .where(
        sql`c.brand_id = ${sql.placeholder('brandId')} and ${reachConditionOf(kind, { storeId: sql.placeholder('storeId'), countryCode: sql.placeholder('countryCode') })}
          and c.status in ('active', 'ended') and c.id = ${sql.placeholder('campaignId')}`,
      )
      .prepare(`play_reach_${kind}`);
  return { store_user: reach('store_user'), consumer: reach('consumer') };
});

export interface PlayMissionRow {
  campaign_mission_id: number;
  mission_id: number;
  title: string;
  description: string;
  image_url: string | null;
  type: 'general' | 'contest' | 'learning' | 'consumer';
  subtype: 'standard' | 'itemSold';
  order: number;
  passing_grade: number | null;
  max_entries_per_user: number | null;
  max_entries_per_store: number | null;
  contest: TContestSettings | null;
  smart_review_enabled: boolean;
  accepted: number;
  pending: number;
  rejected: number;
  /** My latest rejected entry of the mission: when and why (the receipt review's reason), or null. */
  last_rejection: { at: number; reason: string | null } | string | null;
  store_used: number;
  items: { id: number; kind: 'question' | 'option' | 'field'; title: string; data: Record<string, unknown> }[] | string;
}

export async function missionsFor(db: DbOrTx, p: ParticipantRef, campaignId: number): Promise<PlayMissionRow[]> {
  const rows = rowsOf<PlayMissionRow>(
    await db.execute(sql`
      select cm.id as campaign_mission_id, m.id as mission_id, m.title, m.description, m.image_url, m.type, m.subtype, cm."order",
             cm.passing_grade, cm.max_entries_per_user, cm.max_entries_per_store, cm.contest, b.smart_review_enabled,
             (select count(*)::int from completions x where x.campaign_mission_id = cm.id and x.${col(p)} = ${p.id} and x.status = 'accepted') as accepted,
             (select count(*)::int from completions x where x.campaign_mission_id = cm.id and x.${col(p)} = ${p.id} and x.status = 'pending') as pending,
             (select count(*)::int from completions x where x.campaign_mission_id = cm.id and x.${col(p)} = ${p.id} and x.status = 'rejected') as rejected,
             (select json_build_object('at', extract(epoch from coalesce(r.reviewed_at, x.created_at))::bigint, 'reason', r.reason)
                from completions x left join receipts r on r.completion_id = x.id
               where x.campaign_mission_id = cm.id and x.${col(p)} = ${p.id} and x.status = 'rejected'
               order by x.id desc limit 1) as last_rejection,
             ${p.storeId === null ? sql`0` : sql`(select count(*)::int from completions x where x.campaign_mission_id = cm.id and x.store_id = ${p.storeId} and x.status <> 'rejected')`} as store_used,
             coalesce((select json_agg(json_build_object('id', i.id, 'kind', i.kind, 'title', i.title, 'data', i.data) order by i."order", i.id)
                       from mission_items i where i.mission_id = m.id), '[]'::json) as items
      from campaign_missions cm join missions m on m.id = cm.mission_id join brands b on b.id = cm.brand_id
      where cm.campaign_id = ${campaignId} order by cm."order", cm.id`),
  );
  return rows.map((r) => ({
    ...r,
    items: typeof r.items === 'string' ? JSON.parse(r.items) : r.items,
    last_rejection: typeof r.last_rejection === 'string' ? JSON.parse(r.last_rejection) : r.last_rejection,
  }));
}

export interface PlayRewardRow {
  id: number;
  type: 'money' | 'discount' | 'free_product' | 'gift_card' | 'prize';
  title: string;
  description: string;
  image_url: string | null;
  scope: 'campaign' | 'mission';
  mission_id: number | null;
  amount_cents: number | string | null;
  budget_cents: number | string | null;
  percentage_discount: number | null;
  value_cents: number | string | null;
  completions_to_unlock: number;
  max_per_user: number;
  is_unlimited: boolean;
  total_available: number | null;
  codes_left: number | null;
  budget_left: number | string | null;
  assigned: number;
  my_unlocked: number;
  my_in_scope: number;
  assignment: unknown;
  dynamic_active: boolean;
  dynamic_amounts: unknown;
}

export async function rewardsFor(db: DbOrTx, p: ParticipantRef, campaignId: number): Promise<PlayRewardRow[]> {
  return rowsOf<PlayRewardRow>(
    await db.execute(sql`
      select r.id, r.type, r.title, r.description, r.image_url, r.scope, r.mission_id, r.amount_cents, r.budget_cents, r.percentage_discount,
             r.value_cents, r.completions_to_unlock, r.max_per_user, r.is_unlimited, r.total_available, r.assignment,
             r.dynamic_active, r.dynamic_amounts,
             case when ${carriesCodes(sql`r.type`)}
               then (select count(*)::int from reward_codes rc where rc.reward_id = r.id and rc.issued_at is null) end as codes_left,
             case when r.type = 'money' or (r.type = 'gift_card' and coalesce(r.budget_cents, 0) > 0)
               then r.budget_paid_cents - reward_budget_spent(r.id) end as budget_left,
             (select count(*)::int from reward_unlocks u where u.reward_id = r.id and u.status = 'assigned') as assigned,
             (select count(*)::int from reward_unlocks u where u.reward_id = r.id and u.${col(p)} = ${p.id}) as my_unlocked,
             (select count(*)::int from completions x where x.campaign_id = r.campaign_id and x.${col(p)} = ${p.id}
                and x.status = 'accepted' and x.passed is not false
                and (r.scope = 'campaign' or x.campaign_mission_id in (select id from campaign_missions where campaign_id = r.campaign_id and mission_id = r.mission_id))) as my_in_scope
      from rewards r where r.campaign_id = ${campaignId} order by r.id`),
  );
}

export interface UnlockRow {
  unlock_id: number;
  campaign_id: number;
  campaign_name: string;
  reward_id: number;
  type: 'money' | 'discount' | 'free_product' | 'gift_card' | 'prize';
  title: string;
  status: 'issued' | 'awaiting_assignment' | 'assigned';
  code: string | null;
  amount_cents: number | string | null;
  link_to_shop: string | null;
  fine_print: string | null;
  completion_id: number | string | null;
  created_at: Date | string;
  form_id: number | null;
  form_data: TPrizeUserFormBody | string | null;
  form_created_at: Date | string | null;
}

function unlockSelect(where: SQL): SQL {
  return sql`select u.id as unlock_id, u.campaign_id, c.name as campaign_name, u.reward_id, r.type, r.title, u.status, rc.code,
      u.amount_cents, r.link_to_shop, r.fine_print, u.completion_id, u.created_at,
      f.id as form_id, f.data as form_data, f.created_at as form_created_at
    from reward_unlocks u join rewards r on r.id = u.reward_id join campaigns c on c.id = u.campaign_id
    left join reward_codes rc on rc.id = u.code_id left join prize_user_forms f on f.unlock_id = u.id
    where ${where}`;
}

export async function unlocksOf(db: DbOrTx, p: ParticipantRef): Promise<UnlockRow[]> {
  return rowsOf<UnlockRow>(await db.execute(sql`${unlockSelect(sql`u.${col(p)} = ${p.id} and u.brand_id = ${p.brandId}`)} order by u.id desc limit 500`));
}

export async function unlockOf(db: DbOrTx, p: ParticipantRef, unlockId: number): Promise<UnlockRow | undefined> {
  return rowsOf<UnlockRow>(await db.execute(unlockSelect(sql`u.id = ${unlockId} and u.${col(p)} = ${p.id}`)))[0];
}

export async function moneyEarned(db: DbOrTx, p: ParticipantRef): Promise<number> {
  const [r] = rowsOf<{ s: string | number }>(
    await db.execute(sql`select coalesce(sum(u.amount_cents), 0) as s from reward_unlocks u join rewards r on r.id = u.reward_id
      where u.${col(p)} = ${p.id} and r.type = 'money'`),
  );
  return Number(r?.s ?? 0);
}

/** Saves (or replaces) the delivery form of a prize unlock. */
export async function savePrizeForm(db: DbOrTx, brandId: string, unlockId: number, data: TPrizeUserFormBody): Promise<void> {
  await db.execute(sql`insert into prize_user_forms (brand_id, unlock_id, data) values (${brandId}, ${unlockId}, ${JSON.stringify(data)}::jsonb)
    on conflict (unlock_id) do update set data = excluded.data, created_at = now()`);
}

export async function insertUpload(
  db: DbOrTx,
  u: { id: string; brandId: string; participantKey: string; storageKey: string; contentType: string; sizeBytes: number },
): Promise<void> {
  await db.execute(sql`insert into play_uploads (id, brand_id, participant_key, storage_key, content_type, size_bytes)
    values (${u.id}, ${u.brandId}, ${u.participantKey}, ${u.storageKey}, ${u.contentType}, ${u.sizeBytes})`);
}

export async function uploadBelongsTo(db: DbOrTx, participantKey: string, id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from play_uploads where id = ${id} and participant_key = ${participantKey}`)).length > 0;
}

/** An upload with who may see it (its brand, its uploader). */
export async function findUpload(
  db: DbOrTx,
  id: string,
): Promise<{ brandId: string; participantKey: string; storageKey: string; contentType: string } | undefined> {
  return rowsOf<{ brandId: string; participantKey: string; storageKey: string; contentType: string }>(
    await db.execute(sql`select brand_id as "brandId", participant_key as "participantKey", storage_key as "storageKey",
      content_type as "contentType" from play_uploads where id = ${id}`),
  )[0];
}

export async function contestMissionOf(
  db: DbOrTx,
  campaignId: number,
  campaignMissionId?: number,
): Promise<{ campaign_mission_id: number; contest: TContestSettings } | undefined> {
  return rowsOf<{ campaign_mission_id: number; contest: TContestSettings }>(
    await db.execute(sql`select id as campaign_mission_id, contest from campaign_missions
      where campaign_id = ${campaignId} and contest is not null ${campaignMissionId ? sql`and id = ${campaignMissionId}` : sql``}
      order by "order", id limit 1`),
  )[0];
}

/** Every participant account of an email: active store users (any store, any brand), then consumers (any brand). */
export async function listAccountsOfEmail(db: DbOrTx, email: string): Promise<TPlayAccount[]> {
  return rowsOf<TPlayAccount>(
    await db.execute(sql`
      select 'store_user' as kind, u.id, b.name as "brandName", s.name as "storeName"
      from store_users u join brands b on b.id = u.brand_id left join stores s on s.id = u.store_id
      where lower(u.email) = ${email} and u.status = 'active'
      union all
      select 'consumer', c.id, b.name, null from consumers c join brands b on b.id = c.brand_id where c.email = ${email} and c.deactivated_at is null`),
  ).map((a) => ({ ...a, id: Number(a.id) }));
}

/** Whether a consumer may join this campaign: an active consumer campaign open in that country. */
export async function isJoinableConsumerCampaign(db: DbOrTx, campaignUid: string, countryCode: string): Promise<boolean> {
  const [c] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from campaigns where public_uid = ${campaignUid} and type = 'consumer'
        and status = 'active' and ${countryCode} = any(country_codes)`),
  );
  return c !== undefined;
}

export type SignInJoin = { campaignUid: string; name: string; countryCode: string };

export async function insertSignInCode(db: DbOrTx, input: { email: string; codeHash: string; join: SignInJoin | null; ttlSeconds: number }): Promise<void> {
  await db.execute(sql`insert into play_sign_in_codes (email, code_hash, "join", expires_at)
    values (${input.email}, ${input.codeHash}, ${input.join ? JSON.stringify(input.join) : null}::jsonb,
            now() + make_interval(secs => ${input.ttlSeconds}))`);
}

/**
 * Spends one try of the email's latest unused, unexpired code and answers it, or nothing when it has no tries left.
 * One conditional update: parallel guesses queue on the row and at most `maxAttempts` of them get a code to compare.
 */
export async function takeSignInCodeAttempt(db: DbOrTx, email: string, maxAttempts: number) {
  const [row] = rowsOf<{ id: number; code_hash: string; join: SignInJoin | null }>(
    await db.execute(sql`update play_sign_in_codes set attempts = attempts + 1
      where id = (select id from play_sign_in_codes
                  where email = ${email} and used_at is null and expires_at > now() order by id desc limit 1)
        and attempts < ${maxAttempts}::int
      returning id, code_hash, "join"`),
  );
  return row;
}

/** Gives back the try a right code took (the code, left unused, still signs in afterwards). */
export async function refundSignInCodeAttempt(db: DbOrTx, codeId: number): Promise<void> {
  await db.execute(sql`update play_sign_in_codes set attempts = attempts - 1 where id = ${codeId} and attempts > 0`);
}

/** Marks the code used unless it already is (two verifications of one code open one session); whether this one did. */
export async function useSignInCode(db: DbOrTx, codeId: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`update play_sign_in_codes set used_at = now() where id = ${codeId} and used_at is null returning id`)).length > 0;
}

/** The active store users of the email that have a password, with its hash. */
export async function listPasswordUsers(db: DbOrTx, email: string) {
  return rowsOf<{ id: number; password_hash: string }>(
    await db.execute(sql`select id, password_hash from store_users where lower(email) = ${email} and password_hash is not null and status = 'active' order by id`),
  );
}

/** The brand of the campaign with this public id. */
export async function findCampaignBrandByUid(db: DbOrTx, campaignUid: string): Promise<string | undefined> {
  const [c] = rowsOf<{ brand_id: string }>(await db.execute(sql`select brand_id from campaigns where public_uid = ${campaignUid}`));
  return c?.brand_id;
}

/** The brand's consumer of this email, created (or renamed) now; null when the brand deactivated it (decision 0031). */
export async function upsertConsumer(db: DbOrTx, input: { brandId: string; email: string; name: string; countryCode: string }): Promise<number | null> {
  const [made] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into consumers (brand_id, email, name, country_code) values (${input.brandId}, ${input.email}, ${input.name}, ${input.countryCode})
          on conflict (brand_id, email) do update set name = excluded.name where consumers.deactivated_at is null returning id`),
  );
  return made ? Number(made.id) : null;
}

/** A participant (store user or consumer) with its brand and store. */
export interface ParticipantRow {
  kind: 'store_user' | 'consumer';
  id: number;
  name: string;
  email: string | null;
  brand_id: string;
  brand_name: string;
  brand_currency: string;
  store_id: number | null;
  store_name: string | null;
  country_code: string | null;
  /** Chosen in /play settings (decision 0027); null: follow the browser. */
  language: 'en' | 'es' | 'fr' | null;
  time_zone: string | null;
}

// A participant's row with its brand and store, for a store user (u) or a consumer (c); completed by a WHERE. A consumer
// the brand deactivated (decision 0031) is no participant: no session, no entries.
const storeUserRow = sql`select 'store_user' as kind, u.id, u.name, u.email, u.brand_id, b.name as brand_name, b.currency as brand_currency,
    s.id as store_id, s.name as store_name, s.country_code, u.locale as language, u.time_zone
  from store_users u join brands b on b.id = u.brand_id join stores s on s.id = u.store_id`;
const consumerRow = sql`select 'consumer' as kind, c.id, c.name, c.email, c.brand_id, b.name as brand_name, b.currency as brand_currency,
    null::int as store_id, null::text as store_name, c.country_code, c.locale as language, c.time_zone
  from consumers c join brands b on b.id = c.brand_id and c.deactivated_at is null`;

/** Loads a participant with its brand and store. */
export async function findParticipantRow(db: DbOrTx, kind: 'store_user' | 'consumer', id: number): Promise<ParticipantRow | undefined> {
  const res = await db.execute(kind === 'store_user' ? sql`${storeUserRow} where u.id = ${id}` : sql`${consumerRow} where c.id = ${id}`);
  return rowsOf<ParticipantRow>(res)[0];
}

/** The participant of an unexpired play session, with brand and store, in one statement. */
export async function findSessionParticipantRow(db: DbOrTx, tokenHash: string): Promise<ParticipantRow | undefined> {
  const [row] = await preparedSessionParticipant(db).execute({ tokenHash });
  return row?.p;
}
// Named: every participant request reads it every few seconds (play-session.ts), so it is planned once per connection.
const preparedSessionParticipant = perDatabase((db: DbOrTx) => {
  const session = sql`from play_sessions where token_hash = ${sql.placeholder('tokenHash')} and expires_at > now()`;
  return db
    .select({ p: sql<ParticipantRow>`to_jsonb(p)` })
    .from(sql`(${storeUserRow} where u.id = (select store_user_id ${session})
      union all ${consumerRow} where c.id = (select consumer_id ${session})) as p`)
    .prepare('play_session_participant');
});

export async function insertPlaySession(
  db: DbOrTx,
  input: { tokenHash: string; participant: { kind: 'store_user' | 'consumer'; id: number; brandId: string }; ttlSeconds: number },
): Promise<void> {
  const p = input.participant;
  await db.execute(sql`insert into play_sessions (token_hash, brand_id, store_user_id, consumer_id, expires_at)
    values (${input.tokenHash}, ${p.brandId}, ${p.kind === 'store_user' ? p.id : null}, ${p.kind === 'consumer' ? p.id : null},
            now() + make_interval(secs => ${input.ttlSeconds}))`);
}

export async function deletePlaySessionRow(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.execute(sql`delete from play_sessions where token_hash = ${tokenHash}`);
}
