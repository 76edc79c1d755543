import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CODE_REWARD_TYPES, type LaunchReward, type TPaymentPlan } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { brands, rewardCodes, rewards } from '../../db/schema/index.js';
import { toEpochSeconds } from '../campaign/index.js';

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
      filledByPartners: rewards.filledByPartners,
      // Code rewards only; the partial index of unissued codes answers it without counting them all.
      // Columns are spelled out: drizzle writes a one-table select's columns unqualified, which the subquery would rebind.
      hasCodesLeft: sql<boolean | null>`case when ${inArray(rewards.type, [...CODE_REWARD_TYPES])}
        then exists (select 1 from ${rewardCodes} rc where rc.reward_id = ${rewards}.id and rc.issued_at is null) end`,
    })
    .from(rewards)
    .where(eq(rewards.campaignId, campaignId))
    .orderBy(asc(rewards.id));
  return rows.map(({ hasCodesLeft, ...r }) => ({
    ...r,
    endDate: r.endDate ? toEpochSeconds(r.endDate) : null,
    ...(hasCodesLeft === null ? {} : { hasCodesLeft }),
  }));
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

/** A money reward's paid budget (what the engine may pay participants from). */
export async function setBudgetPaid(db: DbOrTx, rewardId: number, budgetPaidCents: number): Promise<void> {
  await db.update(rewards).set({ budgetPaidCents, updatedAt: new Date() }).where(eq(rewards.id, rewardId));
}
