import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface ClaimedStockAlert {
  id: number;
  brand_id: string;
  campaign_id: number;
  reward_id: number;
  kind: 'codes' | 'budget';
  threshold: number;
  remaining: number;
  campaign_name: string;
  reward_title: string;
  currency: string;
}

/**
 * Takes up to `limit` crossings nobody has mailed, for `leaseSeconds`: rows another sender holds are skipped, and a
 * sender that died mid-send leaves its rows to the next once the lease passes (mail at least once).
 */
export async function claimStockAlerts(db: DbOrTx, limit: number, leaseSeconds: number): Promise<ClaimedStockAlert[]> {
  const rows = rowsOf<ClaimedStockAlert>(
    await db.execute(sql`
      with taken as (
        update reward_stock_alerts a set claimed_until = now() + make_interval(secs => ${leaseSeconds})
        where a.id in (select id from reward_stock_alerts
                       where mailed_at is null and (claimed_until is null or claimed_until < now())
                       order by id limit ${limit} for update skip locked)
        returning a.id, a.brand_id, a.campaign_id, a.reward_id, a.kind, a.threshold, a.remaining)
      select t.*, c.name as campaign_name, coalesce(nullif(r.title, ''), r.auto_title, '') as reward_title, b.currency
      from taken t join campaigns c on c.id = t.campaign_id join rewards r on r.id = t.reward_id join brands b on b.id = t.brand_id
      order by t.id`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), threshold: Number(r.threshold), remaining: Number(r.remaining) }));
}

export async function markStockAlertMailed(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update reward_stock_alerts set mailed_at = now() where id = ${id}`);
}

/** Whether a crossing waits to be mailed (the sweep queues the sender only then). */
export async function hasUnmailedStockAlerts(db: DbOrTx): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from reward_stock_alerts where mailed_at is null and (claimed_until is null or claimed_until < now()) limit 1`)).length > 0;
}

/** Owners and admins of the brand: who a low-stock alert goes to. */
export async function brandAdminAddresses(db: DbOrTx, brandId: string): Promise<string[]> {
  return rowsOf<{ email: string }>(
    await db.execute(sql`select u.email from members m join users u on u.id = m.user_id
      where m.organization_id = ${brandId} and m.role in ('owner', 'admin') order by u.email`),
  ).map((r) => r.email);
}
