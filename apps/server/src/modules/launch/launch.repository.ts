import { asc, eq } from 'drizzle-orm';
import type { LaunchReward, TPaymentPlan } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brands, rewards } from '../../db/schema/index.js';
import { toEpochSeconds } from '../campaign/campaign.mapper.js';

export interface LaunchRewardRow extends LaunchReward {
  title: string;
  amountCents: number | null;
}

/** The campaign's rewards as the launch rules read them (expiry, budget, paid). */
export async function listLaunchRewards(db: DbOrTx, campaignId: number): Promise<LaunchRewardRow[]> {
  const rows = await db
    .select({
      id: rewards.id,
      type: rewards.type,
      title: rewards.title,
      endDate: rewards.endDate,
      amountCents: rewards.amountCents,
      budgetCents: rewards.budgetCents,
      budgetPaidCents: rewards.budgetPaidCents,
    })
    .from(rewards)
    .where(eq(rewards.campaignId, campaignId))
    .orderBy(asc(rewards.id));
  return rows.map((r) => ({ ...r, endDate: r.endDate ? toEpochSeconds(r.endDate) : null }));
}

export interface BrandBilling {
  id: string;
  isRetailer: boolean;
  paymentPlan: TPaymentPlan;
  walletBalanceCents: number;
}

/** The brand's plan and wallet; `lock` holds the row until the transaction ends (wallet debits). */
export async function findBrandBilling(db: DbOrTx, brandId: string, lock = false): Promise<BrandBilling> {
  const query = db
    .select({ id: brands.id, isRetailer: brands.isRetailer, paymentPlan: brands.paymentPlan, walletBalanceCents: brands.walletBalanceCents })
    .from(brands)
    .where(eq(brands.id, brandId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new Error(`brand ${brandId} vanished`);
  return row;
}
