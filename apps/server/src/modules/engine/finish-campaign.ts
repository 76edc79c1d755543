import { sql } from 'drizzle-orm';
import { finishReason, minIssueCents } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { returnUnspentBudget, unspentBudgetChanges } from '../billing/index.js';
import { recordAudit } from '../campaign/index.js';
import { campaignRewards, stockOf } from './engine.repository.js';

/**
 * Ends an active campaign whose codes (codes_over) or budgets (budget_over) are used up; what is left of its
 * paid budgets (less than one more issue) goes back to the brands that paid it. The status
 * change is conditional on the campaign still being active, so however many completions or processes
 * find it finished at once, it ends once, with one audit entry.
 */
export async function checkFinishCriteria(db: Db, campaignId: number, now = new Date()): Promise<'codes_over' | 'budget_over' | null> {
  const [campaign] = (
    (await db.execute(sql`select brand_id, status, finish_criteria from campaigns where id = ${campaignId}`)) as unknown as {
      rows: { brand_id: string; status: string; finish_criteria: string[] }[];
    }
  ).rows;
  if (!campaign || campaign.status !== 'active') return null;
  const [rewards, stock] = await Promise.all([campaignRewards(db, campaign.brand_id, campaignId), stockOf(db, campaignId)]);
  const byId = new Map(stock.map((s) => [s.rewardId, s]));
  const reason = finishReason({
    criteria: campaign.finish_criteria,
    codeRewardsLeft: stock.filter((s) => s.codesLeft !== null).map((s) => s.codesLeft!),
    budgetRewardsLeft: rewards
      .filter((r) => byId.get(r.id)?.budgetLeftCents !== null && byId.get(r.id) !== undefined)
      .map((r) => ({ leftCents: byId.get(r.id)!.budgetLeftCents!, minIssueCents: minIssueCents(r) })),
  });
  if (!reason) return null;
  return db.transaction(async (tx) => {
    const ended = (
      (await tx.execute(sql`update campaigns set status = 'ended', ended_at = ${now}, updated_at = ${now}, version = version + 1
        where id = ${campaignId} and status = 'active' returning id, name`)) as unknown as { rows: { id: number; name: string }[] }
    ).rows;
    if (ended.length === 0) return null;
    const returned = await returnUnspentBudget(tx, {
      campaign: { id: campaignId, brandId: campaign.brand_id, name: ended[0]!.name },
      why: reason === 'codes_over' ? 'ran out of codes' : 'spent its budget',
    });
    await recordAudit(tx, {
      brandId: campaign.brand_id,
      campaignId,
      userId: null,
      action: `engine.${reason}`,
      changes: [
        { field: 'status', old: 'active', new: 'ended' },
        { field: 'finishReason', old: null, new: reason },
        ...unspentBudgetChanges(returned),
      ],
    });
    return reason;
  });
}
