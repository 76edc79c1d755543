import { sql } from 'drizzle-orm';
import type { TStoreJoinStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface JoinStoreRow {
  store_id: number;
  brand_id: string;
  store_name: string;
  brand_name: string;
}

/** The approved store of an active brand whose join code this is (an index lookup), or nothing. */
export async function findJoinableStore(db: DbOrTx, code: string): Promise<JoinStoreRow | undefined> {
  return rowsOf<JoinStoreRow>(
    await db.execute(sql`select s.id as store_id, s.brand_id, s.name as store_name, b.name as brand_name
      from stores s join brands b on b.id = s.brand_id
      where s.join_code = ${code} and s.status = 'approved' and b.status = 'active'`),
  )[0];
}

export interface StoreCodeRow {
  id: number;
  status: string;
  join_code: string | null;
}

/** The brand's store with its join code, locked for a change of the code. */
export async function findStoreForCode(db: DbOrTx, brandId: string, storeId: number): Promise<StoreCodeRow | undefined> {
  return rowsOf<StoreCodeRow>(
    await db.execute(sql`select id, status, join_code from stores where id = ${storeId} and brand_id = ${brandId} for update`),
  )[0];
}

export async function setJoinCode(db: DbOrTx, brandId: string, storeId: number, code: string): Promise<void> {
  await db.execute(sql`update stores set join_code = ${code} where id = ${storeId} and brand_id = ${brandId}`);
}


export async function readAutoApprove(db: DbOrTx, brandId: string): Promise<boolean> {
  const row = rowsOf<{ auto_approve: boolean }>(await db.execute(sql`select auto_approve from store_join_settings where brand_id = ${brandId}`))[0];
  return row?.auto_approve ?? false;
}

export async function writeAutoApprove(db: DbOrTx, brandId: string, autoApprove: boolean): Promise<boolean> {
  const row = rowsOf<{ old: boolean | null }>(
    await db.execute(sql`with old as (select auto_approve from store_join_settings where brand_id = ${brandId} for update)
      insert into store_join_settings (brand_id, auto_approve, updated_at) values (${brandId}, ${autoApprove}, now())
      on conflict (brand_id) do update set auto_approve = excluded.auto_approve, updated_at = now()
      returning (select auto_approve from old) as old`),
  )[0];
  return row?.old ?? false;
}

export interface StaffRow {
  id: number;
  store_id: number;
  status: TStoreJoinStatus;
}

/** The brand's store user of this address (one per brand, any case), locked; inserted as `status` when there is none. */
export async function findOrInsertStaff(
  db: DbOrTx,
  input: { brandId: string; storeId: number; email: string; name: string; status: 'pending' | 'active' },
): Promise<{ row: StaffRow; inserted: boolean }> {
  const inserted = rowsOf<StaffRow>(
    await db.execute(sql`insert into store_users (brand_id, store_id, name, email, role, status)
      values (${input.brandId}, ${input.storeId}, ${input.name}, ${input.email}, 'employee', ${input.status})
      on conflict (brand_id, lower(email)) where email is not null do nothing
      returning id, store_id, status`),
  )[0];
  if (inserted) return { row: inserted, inserted: true };
  const row = rowsOf<StaffRow>(
    await db.execute(sql`select id, store_id, status from store_users
      where brand_id = ${input.brandId} and lower(email) = lower(${input.email}) for update`),
  )[0]!;
  return { row, inserted: false };
}

/** A pending or refused person asks again (perhaps at another store): waiting there again, or in at once. */
export async function requeueStaff(db: DbOrTx, id: number, storeId: number, name: string, status: 'pending' | 'active'): Promise<void> {
  await db.execute(sql`update store_users set store_id = ${storeId}, name = ${name}, status = ${status}, updated_at = now() where id = ${id}`);
}

/** stores.total_users counts active people (decision 0024): moved by whoever makes one active. */
export async function addActiveUsers(db: DbOrTx, storeId: number, n: number): Promise<void> {
  await db.execute(sql`update stores set total_users = greatest(total_users + ${n}, 0) where id = ${storeId}`);
}

export async function upsertJoinRequest(
  db: DbOrTx,
  r: { storeUserId: number; brandId: string; storeId: number; tokenHash: string; autoApproved: boolean },
): Promise<void> {
  await db.execute(sql`insert into store_join_requests (store_user_id, brand_id, store_id, token_hash, requested_at, decided_at, decided_by, auto_approved)
    values (${r.storeUserId}, ${r.brandId}, ${r.storeId}, ${r.tokenHash}, now(), ${r.autoApproved ? sql`now()` : null}, null, ${r.autoApproved})
    on conflict (store_user_id) do update set store_id = excluded.store_id, token_hash = excluded.token_hash,
      requested_at = now(), decided_at = excluded.decided_at, decided_by = null, auto_approved = excluded.auto_approved`);
}

export interface JoinStateRow {
  store_user_id: number;
  brand_id: string;
  status: TStoreJoinStatus;
  name: string;
  store_name: string;
  brand_name: string;
}

const joinStateSelect = sql`select r.store_user_id, u.brand_id, u.status, u.name, s.name as store_name, b.name as brand_name
  from store_join_requests r join store_users u on u.id = r.store_user_id
  join stores s on s.id = u.store_id join brands b on b.id = u.brand_id`;

export async function findJoinStateByToken(db: DbOrTx, tokenHash: string): Promise<JoinStateRow | undefined> {
  return rowsOf<JoinStateRow>(await db.execute(sql`${joinStateSelect} where r.token_hash = ${tokenHash}`))[0];
}

/** The waiting page's token opens one session: replaced by a value no cookie can hash to (its row keeps the history). */
export async function spendJoinToken(db: DbOrTx, tokenHash: string, storeUserId: number): Promise<boolean> {
  return (
    rowsOf(
      await db.execute(sql`update store_join_requests set token_hash = 'spent:' || store_user_id
        where token_hash = ${tokenHash} and store_user_id = ${storeUserId} returning store_user_id`),
    ).length > 0
  );
}

export interface JoinRequestRow {
  store_user_id: number;
  name: string;
  email: string | null;
  store_id: number;
  store_name: string;
  status: TStoreJoinStatus;
  requested_at: string | Date;
  decided_at: string | Date | null;
  auto_approved: boolean;
}

/** The brand's join requests: waiting ones oldest first, or decided ones newest first (at most 500). */
export async function listJoinRequests(db: DbOrTx, brandId: string, which: 'pending' | 'decided'): Promise<JoinRequestRow[]> {
  const pending = which === 'pending';
  return rowsOf<JoinRequestRow>(
    await db.execute(sql`select r.store_user_id, u.name, u.email, u.store_id, s.name as store_name, u.status,
        r.requested_at, r.decided_at, r.auto_approved
      from store_join_requests r join store_users u on u.id = r.store_user_id join stores s on s.id = u.store_id
      where r.brand_id = ${brandId} and ${pending ? sql`u.status = 'pending'` : sql`u.status <> 'pending' and r.decided_at is not null`}
      order by ${pending ? sql`r.requested_at asc` : sql`r.decided_at desc`}, r.store_user_id
      limit 500`),
  );
}

/** Decides a waiting person of the brand: active or rejected; nothing when not pending (or not the brand's). */
export async function decidePending(
  db: DbOrTx,
  brandId: string,
  storeUserId: number,
  status: 'active' | 'rejected',
): Promise<{ store_id: number; name: string } | undefined> {
  return rowsOf<{ store_id: number; name: string }>(
    await db.execute(sql`update store_users set status = ${status}, updated_at = now()
      where id = ${storeUserId} and brand_id = ${brandId} and status = 'pending'
        and exists (select 1 from store_join_requests r where r.store_user_id = store_users.id)
      returning store_id, name`),
  )[0];
}

export async function markDecided(db: DbOrTx, storeUserId: number, userId: string): Promise<void> {
  await db.execute(sql`update store_join_requests set decided_at = now(), decided_by = ${userId}, auto_approved = false where store_user_id = ${storeUserId}`);
}

export async function staffStatusOf(db: DbOrTx, brandId: string, storeUserId: number): Promise<TStoreJoinStatus | undefined> {
  return rowsOf<{ status: TStoreJoinStatus }>(
    await db.execute(sql`select status from store_users where id = ${storeUserId} and brand_id = ${brandId}`),
  )[0]?.status;
}

export async function storeAndBrandNames(db: DbOrTx, storeUserId: number): Promise<{ name: string; store_name: string; brand_name: string } | undefined> {
  return rowsOf<{ name: string; store_name: string; brand_name: string }>(
    await db.execute(sql`select u.name, s.name as store_name, b.name as brand_name
      from store_users u join stores s on s.id = u.store_id join brands b on b.id = u.brand_id where u.id = ${storeUserId}`),
  )[0];
}

export async function findJoinRequest(db: DbOrTx, brandId: string, storeUserId: number): Promise<JoinRequestRow | undefined> {
  return rowsOf<JoinRequestRow>(
    await db.execute(sql`select r.store_user_id, u.name, u.email, u.store_id, s.name as store_name, u.status,
        r.requested_at, r.decided_at, r.auto_approved
      from store_join_requests r join store_users u on u.id = r.store_user_id join stores s on s.id = u.store_id
      where r.brand_id = ${brandId} and r.store_user_id = ${storeUserId}`),
  )[0];
}

export async function posterNamesOf(db: DbOrTx, brandId: string, storeId: number): Promise<{ store_name: string; brand_name: string } | undefined> {
  return rowsOf<{ store_name: string; brand_name: string }>(
    await db.execute(sql`select s.name as store_name, b.name as brand_name from stores s join brands b on b.id = s.brand_id
      where s.id = ${storeId} and s.brand_id = ${brandId}`),
  )[0];
}
