import { and, eq, gt, sql } from 'drizzle-orm';
import { ERROR_CODES, type TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { rewards } from '../../db/schema/index.js';
import { refundCampaignBudget } from '../billing/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toApiCampaign } from '../campaign/index.js';
import { lockCampaign } from './builder.repository.js';
import { lockEditableCampaign } from './builder-guards.js';
import { saveCampaignChange } from './save-campaign-change.js';

export interface DeleteCampaignRewardOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  rewardId: number;
}

export async function deleteCampaignReward({ db, actor, campaignId, rewardId }: DeleteCampaignRewardOptions): Promise<TCampaign> {
  requirePermission(actor, 'reward:delete');
  return db.transaction(async (tx) => {
    const campaign = await lockEditableCampaign(tx, actor.brandId, campaignId);
    const [removed] = await tx
      .delete(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.id, rewardId)))
      .returning({ id: rewards.id, type: rewards.type, title: rewards.title });
    if (!removed) throw notFound('Reward');
    const row = await saveCampaignChange({
      tx,
      actor,
      campaign,
      action: 'reward.delete',
      changes: [{ field: 'rewards', old: removed, new: null }],
    });
    return toApiCampaign(row);
  });
}

export interface EndCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/**
 * Ends an active campaign now. The prepaid money budget nobody has won yet goes back to the wallet
 * in the same transaction: each reward's paid amount drops to what was spent (so nothing more can
 * be spent from it) and one ledger refund credits the difference.
 */
export async function endCampaign({ db, actor, campaignId }: EndCampaignOptions): Promise<TCampaign> {
  requirePermission(actor, 'campaign:launch');
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, actor.brandId, campaignId);
    if (!campaign) throw notFound('Campaign');
    if (campaign.status !== 'active') {
      throw conflict(`Only an active campaign can be ended (this one is ${campaign.status})`, ERROR_CODES.illegalTransition, [
        { path: 'status', message: `cannot end from ${campaign.status}` },
      ]);
    }
    const paidAhead = await tx
      .select({ paid: rewards.budgetPaidCents, spent: rewards.budgetSpentCents })
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), gt(rewards.budgetPaidCents, rewards.budgetSpentCents)))
      .for('update');
    const refund = paidAhead.reduce((sum, r) => sum + (r.paid - r.spent), 0);
    if (refund > 0) {
      await tx
        .update(rewards)
        .set({ budgetPaidCents: sql`${rewards.budgetSpentCents}`, updatedAt: new Date() })
        .where(and(eq(rewards.campaignId, campaign.id), gt(rewards.budgetPaidCents, rewards.budgetSpentCents)));
    }
    const changes: { field: string; old: unknown; new: unknown }[] = [{ field: 'status', old: 'active', new: 'ended' }];
    if (refund > 0) {
      await refundCampaignBudget(tx, {
        brandId: actor.brandId,
        campaignId: campaign.id,
        amountCents: refund,
        note: `unspent budget of campaign ${campaign.id}, returned when it was ended`,
        createdBy: actor.userId,
      });
      changes.push({ field: 'budgetRefunded', old: 0, new: refund });
    }
    const row = await saveCampaignChange({
      tx,
      actor,
      campaign,
      action: 'end',
      set: { status: 'ended', endedAt: new Date() },
      changes,
    });
    return toApiCampaign(row);
  });
}
