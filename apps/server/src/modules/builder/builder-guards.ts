import { ERROR_CODES, isEditableStatus } from '@rally/domain';
import type { Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { CampaignRow } from '../campaign/index.js';
import { lockCampaign } from './builder.repository.js';

/** Locks the brand's campaign for a builder write; 404 for another brand's, 409 once it is no longer editable. */
export async function lockEditableCampaign(tx: Tx, brandId: string, campaignId: number): Promise<CampaignRow> {
  const campaign = await lockCampaign(tx, brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  if (!isEditableStatus(campaign.status)) {
    throw conflict(`A campaign that is ${campaign.status} can no longer be edited`, ERROR_CODES.illegalTransition, [
      { path: 'status', message: `not editable while ${campaign.status}` },
    ]);
  }
  return campaign;
}
