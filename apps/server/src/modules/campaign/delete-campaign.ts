import { canDeleteCampaign, ERROR_CODES } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { settleCampaignMoney, type CampaignMoneyBack } from '../billing/index.js';
import { deleteCampaignRow, lockCampaign } from './campaign.repository.js';

export interface DeleteCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/**
 * Deletes a campaign not yet running (draft, scheduled or rejected) with its missions and rewards. Whatever it holds
 * goes back to whoever paid it first, in the same transaction (decision 0021): the owner's paid budgets and each
 * partner's slices, through refund rows in the ledger. The ledger rows keep the campaign's id (migration 0037).
 */
export async function deleteCampaign({ db, actor, campaignId }: DeleteCampaignOptions): Promise<CampaignMoneyBack> {
  requirePermission(actor, 'campaign:delete');
  return db.transaction(async (tx) => {
    // Locked, as the unit of work locks it: a budget payment to this campaign waits, then finds it gone.
    const row = await lockCampaign(tx, actor.brandId, campaignId);
    if (!row) throw notFound('Campaign');
    if (!canDeleteCampaign(row.status)) {
      throw conflict(`A campaign that is ${row.status} cannot be deleted`, ERROR_CODES.illegalTransition, [
        { path: 'status', message: `cannot delete from ${row.status}` },
      ]);
    }
    const moneyBack = await settleCampaignMoney(tx, { campaign: row, release: true, why: 'the campaign was deleted', createdBy: actor.userId });
    await deleteCampaignRow(tx, actor.brandId, campaignId);
    // The campaign's own audit goes with it (cascade); the brand's log keeps that it was deleted.
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'campaign.deleted',
      subject: { type: 'campaign', id: campaignId, label: row.name },
      changes: [
        { field: 'status', old: row.status, new: null },
        ...(moneyBack.totalCents > 0 ? [{ field: 'budgetRefunded', old: 0, new: moneyBack.totalCents }] : []),
      ],
    });
    return moneyBack;
  });
}
