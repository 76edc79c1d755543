import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface StaffFacts {
  id: number;
  store_id: number;
  role: string;
  status: string;
}

/** A store user of the brand: store, role and status, for the manager's rules. */
export async function staffFacts(db: DbOrTx, brandId: string, storeUserId: number): Promise<StaffFacts | undefined> {
  return rowsOf<StaffFacts>(
    await db.execute(sql`select id, store_id, role, status from store_users where id = ${storeUserId} and brand_id = ${brandId}`),
  )[0];
}

/** The active people of a store but one, by name (a store's staff is small: at most 500 here). */
export async function activeColleagues(db: DbOrTx, brandId: string, storeId: number, exceptId: number): Promise<{ id: number; name: string; role: string }[]> {
  return rowsOf<{ id: number; name: string; role: string }>(
    await db.execute(sql`select id, name, role from store_users
      where brand_id = ${brandId} and store_id = ${storeId} and status = 'active' and id <> ${exceptId}
      order by name, id limit 500`),
  );
}
