import { sql } from 'drizzle-orm';
import type { TPrizeUserFormBody } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface PrizeRow {
  id: number;
  title: string;
  description: string;
  image_url: string | null;
  value_cents: number | string | null;
  total_available: number | null;
}

export async function prizesOf(db: DbOrTx, brandId: string, campaignId: number): Promise<PrizeRow[]> {
  return rowsOf<PrizeRow>(
    await db.execute(sql`select id, title, description, image_url, value_cents, total_available from rewards
      where brand_id = ${brandId} and campaign_id = ${campaignId} and type = 'prize' order by id`),
  );
}

export interface WinnerRow {
  unlock_id: number | string;
  reward_id: number;
  status: 'issued' | 'awaiting_assignment' | 'assigned';
  user_id: number | null;
  user_name: string | null;
  store_id: number | null;
  store_name: string | null;
  assigned_at: Date | string | null;
  assigned_by: string | null;
  assigned_by_name: string | null;
  form_id: number | null;
  created_at: Date | string;
}

const winnerSelect = sql`select u.id as unlock_id, u.reward_id, u.status, u.store_user_id as user_id, su.name as user_name,
    coalesce(u.assigned_store_id, su.store_id) as store_id, st.name as store_name, u.assigned_at, u.assigned_by, ab.name as assigned_by_name, f.id as form_id, u.created_at
  from reward_unlocks u left join store_users su on su.id = u.store_user_id
  left join users ab on ab.id = u.assigned_by
  left join stores st on st.id = coalesce(u.assigned_store_id, su.store_id)
  left join prize_user_forms f on f.unlock_id = u.id`;

/** Candidates and winners of a campaign's prizes: assigned first, then the oldest candidates (at most 500 per prize). */
export async function winnersOf(db: DbOrTx, brandId: string, rewardIds: number[]): Promise<WinnerRow[]> {
  if (rewardIds.length === 0) return [];
  return rowsOf<WinnerRow>(
    await db.execute(sql`select * from (
        select w.*, row_number() over (partition by w.reward_id order by (w.status = 'assigned') desc, w.created_at, w.unlock_id) as n
        from (${winnerSelect} where u.brand_id = ${brandId} and u.reward_id = any(${`{${rewardIds.join(',')}}`}::int[])) w
      ) x where n <= 500 order by reward_id, n`),
  );
}

export async function winnerById(db: DbOrTx, unlockId: number): Promise<WinnerRow | undefined> {
  return rowsOf<WinnerRow>(await db.execute(sql`${winnerSelect} where u.id = ${unlockId}`))[0];
}

/** A reward of the brand, with what a prize assignment checks. */
export async function prizeOf(
  tx: DbOrTx,
  brandId: string,
  rewardId: number,
): Promise<{ id: number; campaign_id: number; type: string; total_available: number | null } | undefined> {
  return rowsOf<{ id: number; campaign_id: number; type: string; total_available: number | null }>(
    await tx.execute(sql`select id, campaign_id, type, total_available from rewards where id = ${rewardId} and brand_id = ${brandId}`),
  )[0];
}

/**
 * Locks a prize reward (assignments of one prize are serialised) and counts its assigned units. NO KEY UPDATE: the
 * foreign-key checks of unlocks the engine writes meanwhile (KEY SHARE on this row) do not wait for it.
 */
export async function lockPrize(tx: DbOrTx, rewardId: number): Promise<number> {
  await tx.execute(sql`select 1 from rewards where id = ${rewardId} for no key update`);
  const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from reward_unlocks where reward_id = ${rewardId} and status = 'assigned'`));
  return Number(c?.n ?? 0);
}

export async function storeUserOf(db: DbOrTx, brandId: string, userId: number): Promise<{ id: number; store_id: number } | undefined> {
  return rowsOf<{ id: number; store_id: number }>(await db.execute(sql`select id, store_id from store_users where id = ${userId} and brand_id = ${brandId}`))[0];
}

export async function unlockForAssignment(
  tx: DbOrTx,
  unlockId: number,
): Promise<{ id: number; reward_id: number; store_user_id: number | null; status: string } | undefined> {
  return rowsOf<{ id: number; reward_id: number; store_user_id: number | null; status: string }>(
    await tx.execute(sql`select id, reward_id, store_user_id, status from reward_unlocks where id = ${unlockId} for update`),
  )[0];
}

export async function userHasAssigned(tx: DbOrTx, rewardId: number, userId: number): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from reward_unlocks where reward_id = ${rewardId} and store_user_id = ${userId} and status = 'assigned'`)).length > 0;
}

export async function markAssigned(tx: DbOrTx, unlockId: number, by: string, storeId: number): Promise<void> {
  await tx.execute(sql`update reward_unlocks set status = 'assigned', assigned_at = now(), assigned_by = ${by}, assigned_store_id = ${storeId}
    where id = ${unlockId} and status = 'awaiting_assignment'`);
}

export async function formOf(
  db: DbOrTx,
  unlockId: number,
): Promise<{ id: number; data: TPrizeUserFormBody | string; created_at: Date | string } | undefined> {
  return rowsOf<{ id: number; data: TPrizeUserFormBody | string; created_at: Date | string }>(
    await db.execute(sql`select id, data, created_at from prize_user_forms where unlock_id = ${unlockId}`),
  )[0];
}

export async function unlockOfBrand(
  db: DbOrTx,
  brandId: string,
  unlockId: number,
  rewardId: number,
  userId: number,
): Promise<{ id: number } | undefined> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select u.id from reward_unlocks u join rewards r on r.id = u.reward_id
      where u.id = ${unlockId} and u.brand_id = ${brandId} and u.reward_id = ${rewardId} and u.store_user_id = ${userId} and r.type = 'prize'`),
  )[0];
}
