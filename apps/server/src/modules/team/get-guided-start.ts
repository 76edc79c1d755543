import { sql } from 'drizzle-orm';
import { guidedStartSteps, type TGuidedStart } from '@rally/domain';
import type { Database } from '../../db/client.js';
import { requirePermission, type RequestActor } from '../auth/index.js';

/** The guided start's checklist, each step ticked from the brand's own rows (one statement). */
export async function getGuidedStart(database: Database, actor: RequestActor): Promise<TGuidedStart> {
  requirePermission(actor, 'brand:read');
  const [row] = await database.rows<{
    campaigns: number;
    stores: number;
    staff: number;
    payments: number;
    wallet: number | string;
  }>(sql`
    select (select count(*)::int from campaigns where brand_id = b.id) as campaigns,
           (select count(*)::int from stores where brand_id = b.id) as stores,
           (select count(*)::int from store_users where brand_id = b.id) as staff,
           (select count(*)::int from payments where brand_id = b.id and status = 'succeeded') as payments,
           b.wallet_balance_cents as wallet
    from brands b where b.id = ${actor.brandId}`);
  return guidedStartSteps({
    campaigns: row?.campaigns ?? 0,
    stores: row?.stores ?? 0,
    staff: row?.staff ?? 0,
    payments: row?.payments ?? 0,
    walletBalance: Number(row?.wallet ?? 0),
  });
}
