import { canDeleteCampaign, ERROR_CODES } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { deleteCampaignRow, findCampaign } from './campaign.repository.js';

export interface DeleteCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/** Deletes a campaign not yet running (draft, scheduled or rejected) with its missions and rewards. */
export async function deleteCampaign({ db, actor, campaignId }: DeleteCampaignOptions): Promise<void> {
  requirePermission(actor, 'campaign:delete');
  await db.transaction(async (tx) => {
    const row = await findCampaign(tx, actor.brandId, campaignId);
    if (!row) throw notFound('Campaign');
    if (!canDeleteCampaign(row.status)) {
      throw conflict(`A campaign that is ${row.status} cannot be deleted`, ERROR_CODES.illegalTransition, [
        { path: 'status', message: `cannot delete from ${row.status}` },
      ]);
    }
    await deleteCampaignRow(tx, actor.brandId, campaignId);
    // The campaign's own audit goes with it (cascade); the brand's log keeps that it was deleted.
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'campaign.deleted',
      subject: { type: 'campaign', id: campaignId, label: row.name },
      changes: [{ field: 'status', old: row.status, new: null }],
    });
  });
}
