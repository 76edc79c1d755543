import { and, asc, eq, sql } from 'drizzle-orm';
import type { TLanguageCode, TStaffStatus, TStoredStaffRole } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brands, playSessions, storeUsers, stores } from '../../db/schema/index.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type StaffRow = typeof storeUsers.$inferSelect;

const staffColumns = {
  id: storeUsers.id,
  brandId: storeUsers.brandId,
  storeId: storeUsers.storeId,
  name: storeUsers.name,
  email: storeUsers.email,
  role: storeUsers.role,
  status: storeUsers.status,
  locale: storeUsers.locale,
  invitedAt: storeUsers.invitedAt,
  createdAt: storeUsers.createdAt,
};
export type StaffMemberRow = Pick<StaffRow, keyof typeof staffColumns>;

export async function findStoreOfBrand(db: DbOrTx, brandId: string, storeId: number) {
  const [row] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.brandId, brandId), eq(stores.id, storeId)));
  return row;
}

/** A store's staff, active first, then by name; at most `limit` people. */
export async function listStaffOfStore(db: DbOrTx, brandId: string, storeId: number, limit: number): Promise<StaffMemberRow[]> {
  return db
    .select(staffColumns)
    .from(storeUsers)
    .where(and(eq(storeUsers.brandId, brandId), eq(storeUsers.storeId, storeId)))
    .orderBy(sql`${storeUsers.status} <> 'active'`, asc(storeUsers.name), asc(storeUsers.id))
    .limit(limit);
}

/** One person of the brand's staff, locked for the change that follows when `forUpdate`. */
export async function findStaffMember(db: DbOrTx, brandId: string, id: number, forUpdate = false): Promise<StaffMemberRow | undefined> {
  const q = db.select(staffColumns).from(storeUsers).where(and(eq(storeUsers.brandId, brandId), eq(storeUsers.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The brand's person with this address (any case), with the name of their store. */
export async function findStaffByEmail(db: DbOrTx, brandId: string, email: string) {
  const [row] = await db
    .select({ ...staffColumns, storeName: stores.name })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(and(eq(storeUsers.brandId, brandId), sql`lower(${storeUsers.email}) = ${email.toLowerCase()}`));
  return row;
}

export async function insertStaffMember(
  db: DbOrTx,
  values: { brandId: string; storeId: number; name: string; email: string; role: TStoredStaffRole; locale: TLanguageCode | null },
): Promise<StaffMemberRow | undefined> {
  // A concurrent invitation of the same address wins; this one then answers the conflict the caller reports.
  const [row] = await db
    .insert(storeUsers)
    .values({ ...values, status: 'active' })
    .onConflictDoNothing()
    .returning(staffColumns);
  return row;
}

export async function updateStaffMember(
  db: DbOrTx,
  brandId: string,
  id: number,
  values: Partial<{ storeId: number; status: TStaffStatus; invitedAt: Date; name: string; role: TStoredStaffRole; locale: TLanguageCode | null }>,
): Promise<StaffMemberRow> {
  const [row] = await db
    .update(storeUsers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(storeUsers.brandId, brandId), eq(storeUsers.id, id)))
    .returning(staffColumns);
  return row!;
}

/** Ends a person's /play sessions (deactivated: they are signed out at their next request). */
export async function deletePlaySessionsOf(db: DbOrTx, storeUserId: number): Promise<void> {
  await db.delete(playSessions).where(eq(playSessions.storeUserId, storeUserId));
}

/**
 * Sets stores.total_users of these stores to their number of active people, in one statement (the group totals and
 * the store cache revision follow by the stores table's triggers). Every writer of store_users calls it for the
 * stores it touched, so a head count is what a campaign reaches.
 */
export async function recountStoreUsers(db: DbOrTx, storeIds: readonly number[]): Promise<void> {
  const ids = [...new Set(storeIds)].filter((id) => Number.isInteger(id)).sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db.execute(sql`
    update stores s set total_users = c.n
    from (
      select x.id, count(u.id)::int as n
      from unnest(${`{${ids.join(',')}}`}::int[]) as x(id)
      left join store_users u on u.store_id = x.id and u.status = 'active'
      group by x.id
    ) c
    where s.id = c.id and s.total_users <> c.n`);
}

// ---- Import ----

/** The brand's stores as an import file names them: by reference (ref_id) or point-of-sale id. */
export async function storeKeysOfBrand(db: DbOrTx, brandId: string) {
  return rowsOf<{ id: number; name: string; ref_id: string | null; external_store_id: string | null }>(
    await db.execute(sql`select id, name, ref_id, external_store_id from stores where brand_id = ${brandId}`),
  );
}

export interface ExistingStaff {
  id: number;
  email: string;
  name: string;
  store_id: number;
  role: string;
  locale: string | null;
}

/** The brand's people with these addresses (lower case), found through the (brand, lower(email)) index. */
export async function staffByEmails(db: DbOrTx, brandId: string, emails: readonly string[]): Promise<ExistingStaff[]> {
  if (emails.length === 0) return [];
  return rowsOf<ExistingStaff>(
    await db.execute(sql`
      select u.id, lower(u.email) as email, u.name, u.store_id, u.role, u.locale
      from store_users u
      where u.brand_id = ${brandId} and lower(u.email) in (select value from json_array_elements_text(${JSON.stringify(emails)}::json))`),
  );
}

export interface StaffUpsertRow {
  store_id: number;
  name: string;
  email: string;
  role: TStoredStaffRole;
  locale: TLanguageCode | null;
}

/**
 * Adds or updates people by address in one statement: a row whose person exists and differs updates name, store,
 * role (and language when the file gives one); one that does not differ is left alone. Status is not touched: a
 * deactivated person stays so, whoever is in the file. Answers the ids of the people added and the stores people
 * left, so head counts can be recounted.
 */
export async function upsertStaffRows(db: DbOrTx, brandId: string, rows: readonly StaffUpsertRow[]): Promise<{ storeIdsLeft: number[] }> {
  if (rows.length === 0) return { storeIdsLeft: [] };
  const left = rowsOf<{ old_store_id: number }>(
    await db.execute(sql`
      with input as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json)
          as x(store_id int, name text, email text, role text, locale text)
      ),
      before as (
        select u.id, u.store_id from store_users u join input i on lower(u.email) = i.email
        where u.brand_id = ${brandId}
      ),
      written as (
        insert into store_users as u (brand_id, store_id, name, email, role, locale)
        select ${brandId}, i.store_id, i.name, i.email, i.role, i.locale from input i
        on conflict (brand_id, lower(email)) where email is not null do update
          set name = excluded.name, store_id = excluded.store_id, role = excluded.role,
              locale = coalesce(excluded.locale, u.locale), updated_at = now()
          where (u.name, u.store_id, u.role) is distinct from (excluded.name, excluded.store_id, excluded.role)
             or (excluded.locale is not null and excluded.locale is distinct from u.locale)
        returning u.id, u.store_id
      )
      select distinct b.store_id as old_store_id from written w join before b on b.id = w.id where b.store_id <> w.store_id`),
  );
  return { storeIdsLeft: left.map((r) => Number(r.old_store_id)) };
}

export async function findBrandName(db: DbOrTx, brandId: string): Promise<string> {
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  return row?.name ?? '';
}
