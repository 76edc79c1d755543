import { sql, type SQL } from 'drizzle-orm';
import { DELETED_PARTICIPANT_NAME, type TPlayLanguage } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import type { ParticipantRef } from '../engine/index.js';

/** The participant's own rows (decision 0027): settings, email change codes, their data, deleting their account. */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const col = (p: Pick<ParticipantRef, 'kind'>) => sql.raw(p.kind === 'store_user' ? 'store_user_id' : 'consumer_id');
const table = (p: Pick<ParticipantRef, 'kind'>) => sql.raw(p.kind === 'store_user' ? 'store_users' : 'consumers');
/** 'u:<id>' / 'c:<id>', as completions.participant_key and the notification tables name a participant. */
const keyOf = (p: Pick<ParticipantRef, 'kind' | 'id'>) => `${p.kind === 'store_user' ? 'u' : 'c'}:${p.id}`;

export interface SettingsChange {
  name?: string;
  language?: TPlayLanguage | null;
  timeZone?: string | null;
}

/** Saves what the change names; the row must be the participant's, of their brand, and not deleted. */
export async function updateSettings(db: DbOrTx, p: ParticipantRef, change: SettingsChange): Promise<boolean> {
  const sets: SQL[] = [];
  if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
  if (change.language !== undefined) sets.push(sql`locale = ${change.language}`);
  if (change.timeZone !== undefined) sets.push(sql`time_zone = ${change.timeZone}`);
  if (p.kind === 'store_user') sets.push(sql`updated_at = now()`);
  if (sets.length === 0) return true;
  const res = await db.execute(
    sql`update ${table(p)} set ${sql.join(sets, sql`, `)} where id = ${p.id} and brand_id = ${p.brandId} and deleted_at is null returning id`,
  );
  return rowsOf(res).length > 0;
}

// ——— email change ———

export async function insertEmailChange(
  db: DbOrTx,
  p: ParticipantRef,
  input: { email: string; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await db.execute(sql`insert into play_email_changes (brand_id, ${col(p)}, email, code_hash, expires_at)
    values (${p.brandId}, ${p.id}, ${input.email}, ${input.codeHash}, now() + make_interval(secs => ${input.ttlSeconds}))`);
}

/**
 * Spends one try of the participant's latest unused, unexpired code for this address and answers it, or nothing
 * when none is left: one conditional update, so parallel guesses compare at most `maxAttempts` against a code.
 */
export async function takeEmailChangeAttempt(db: DbOrTx, p: ParticipantRef, email: string, maxAttempts: number) {
  return rowsOf<{ id: number; code_hash: string }>(
    await db.execute(sql`update play_email_changes set attempts = attempts + 1
      where id = (select id from play_email_changes where ${col(p)} = ${p.id} and used_at is null and expires_at > now()
                  order by id desc limit 1)
        and email = ${email} and attempts < ${maxAttempts}::int
      returning id, code_hash`),
  )[0];
}

export async function useEmailChange(db: DbOrTx, id: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`update play_email_changes set used_at = now() where id = ${id} and used_at is null returning id`)).length > 0;
}

/** Whether another live participant of the brand, of the same kind, has this address (an account has one email). */
export async function emailTakenInBrand(db: DbOrTx, p: ParticipantRef, email: string): Promise<boolean> {
  return (
    rowsOf(await db.execute(sql`select 1 from ${table(p)} where brand_id = ${p.brandId} and lower(email) = ${email} and id <> ${p.id} limit 1`))
      .length > 0
  );
}

export async function setEmail(db: DbOrTx, p: ParticipantRef, email: string): Promise<void> {
  await db.execute(sql`update ${table(p)} set email = ${email} where id = ${p.id} and brand_id = ${p.brandId} and deleted_at is null`);
}

// ——— my data ———

export interface ProfileRow {
  name: string;
  email: string | null;
  brand_name: string;
  store_name: string | null;
  country_code: string | null;
  language: TPlayLanguage | null;
  time_zone: string | null;
  created_at: Date | string;
}

export async function profileOf(db: DbOrTx, p: ParticipantRef): Promise<ProfileRow | undefined> {
  const res =
    p.kind === 'store_user'
      ? await db.execute(sql`select u.name, u.email, b.name as brand_name, s.name as store_name, s.country_code, u.locale as language,
            u.time_zone, u.created_at
          from store_users u join brands b on b.id = u.brand_id left join stores s on s.id = u.store_id
          where u.id = ${p.id} and u.brand_id = ${p.brandId} and u.deleted_at is null`)
      : await db.execute(sql`select c.name, c.email, b.name as brand_name, null::text as store_name, c.country_code, c.locale as language,
            c.time_zone, c.created_at
          from consumers c join brands b on b.id = c.brand_id where c.id = ${p.id} and c.brand_id = ${p.brandId} and c.deleted_at is null`);
  return rowsOf<ProfileRow>(res)[0];
}

export interface ExportCompletionRow {
  id: number | string;
  campaign_id: number;
  campaign_name: string;
  mission_title: string;
  status: string;
  answers: unknown;
  items_sold: unknown;
  sales_amount_cents: number | string;
  score: number | null;
  passed: boolean | null;
  created_at: Date | string;
}

/** One page of my completions after `afterId`, oldest first (the export streams them page by page). */
export async function completionsPage(db: DbOrTx, p: ParticipantRef, afterId: number, limit: number): Promise<ExportCompletionRow[]> {
  return rowsOf<ExportCompletionRow>(
    await db.execute(sql`select x.id, x.campaign_id, c.name as campaign_name, m.title as mission_title, x.status, x.answers, x.items_sold,
        x.sales_amount_cents, x.score, x.passed, x.created_at
      from completions x join campaigns c on c.id = x.campaign_id
      join campaign_missions cm on cm.id = x.campaign_mission_id join missions m on m.id = cm.mission_id
      where x.${col(p)} = ${p.id} and x.brand_id = ${p.brandId} and x.id > ${afterId}
      order by x.id limit ${limit}`),
  );
}

export interface ExportUnlockRow {
  id: number | string;
  campaign_name: string;
  reward_title: string;
  type: string;
  status: string;
  code: string | null;
  amount_cents: number | string | null;
  prize_form: unknown;
  created_at: Date | string;
}

export async function unlocksPage(db: DbOrTx, p: ParticipantRef, afterId: number, limit: number): Promise<ExportUnlockRow[]> {
  return rowsOf<ExportUnlockRow>(
    await db.execute(sql`select u.id, c.name as campaign_name, r.title as reward_title, r.type, u.status, rc.code, u.amount_cents,
        f.data as prize_form, u.created_at
      from reward_unlocks u join rewards r on r.id = u.reward_id join campaigns c on c.id = u.campaign_id
      left join reward_codes rc on rc.id = u.code_id left join prize_user_forms f on f.unlock_id = u.id
      where u.${col(p)} = ${p.id} and u.brand_id = ${p.brandId} and u.id > ${afterId}
      order by u.id limit ${limit}`),
  );
}

/** Whether this database has the /play inbox (its module may be absent from a deployment's migrations). */
async function hasTable(db: DbOrTx, name: string): Promise<boolean> {
  const [r] = rowsOf<{ ok: boolean }>(await db.execute(sql`select to_regclass(${`public.${name}`}) is not null as ok`));
  return r?.ok === true;
}

export async function notificationsPage(db: DbOrTx, p: ParticipantRef, afterId: number, limit: number): Promise<Record<string, unknown>[]> {
  if (!(await hasTable(db, 'notifications'))) return [];
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select id, kind, campaign_id as "campaignId", data, extract(epoch from read_at)::bigint as "readAt",
        extract(epoch from created_at)::bigint as "createdAt"
      from notifications where participant = ${keyOf(p)} and brand_id = ${p.brandId} and id > ${afterId} order by id limit ${limit}`),
  );
}

// ——— deleting my account ———

export async function deletionCounts(db: DbOrTx, p: ParticipantRef): Promise<{ completions: number; unlocks: number }> {
  const [r] = rowsOf<{ completions: number; unlocks: number }>(
    await db.execute(sql`select
        (select count(*)::int from completions where ${col(p)} = ${p.id} and brand_id = ${p.brandId}) as completions,
        (select count(*)::int from reward_unlocks where ${col(p)} = ${p.id} and brand_id = ${p.brandId}) as unlocks`),
  );
  return { completions: Number(r?.completions ?? 0), unlocks: Number(r?.unlocks ?? 0) };
}

/** Locks the participant's row for the deletion; false when it is gone or deleted already. */
export async function lockLiveParticipant(db: DbOrTx, p: ParticipantRef): Promise<boolean> {
  return (
    rowsOf(await db.execute(sql`select id from ${table(p)} where id = ${p.id} and brand_id = ${p.brandId} and deleted_at is null for update`))
      .length > 0
  );
}

/**
 * Removes the person from their row and everything that identifies them, keeping what the brand's reports, contests
 * and ledgers count (decision 0027): the row stays with its id (completions, unlocks, contest scores and ledger rows
 * point at it), its name replaced, email, password, language and zone removed; a store user is no longer active.
 * Prize delivery forms (addresses), sessions, pending email changes, the inbox, push subscriptions, notification
 * choices and where payouts went (PayPal email, IBAN) go; payouts already made stay, as the brand's accounting.
 */
export async function anonymiseParticipant(db: DbOrTx, p: ParticipantRef): Promise<void> {
  if (p.kind === 'store_user')
    await db.execute(sql`update store_users set name = ${DELETED_PARTICIPANT_NAME}, email = null, password_hash = null, locale = null,
        time_zone = null, status = 'inactive', deleted_at = now(), updated_at = now() where id = ${p.id} and brand_id = ${p.brandId}`);
  else
    await db.execute(sql`update consumers set name = ${DELETED_PARTICIPANT_NAME}, email = null, locale = null, time_zone = null,
        deleted_at = now() where id = ${p.id} and brand_id = ${p.brandId}`);
  await db.execute(sql`delete from prize_user_forms f using reward_unlocks u
    where f.unlock_id = u.id and u.${col(p)} = ${p.id} and u.brand_id = ${p.brandId}`);
  await db.execute(sql`delete from play_sessions where ${col(p)} = ${p.id}`);
  await db.execute(sql`delete from play_email_changes where ${col(p)} = ${p.id}`);
  for (const name of ['notifications', 'push_subscriptions', 'notification_choices', 'payout_details'])
    if (await hasTable(db, name)) await db.execute(sql`delete from ${sql.raw(name)} where participant = ${keyOf(p)}`);
}
