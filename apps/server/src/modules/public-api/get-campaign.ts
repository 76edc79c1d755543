import type { TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findCampaign, toApiCampaign } from '../campaign/index.js';

export async function getCampaign(db: Db, actor: RequestActor, campaignId: number): Promise<TCampaign> {
  const row = await findCampaign(db, actor.brandId, campaignId);
  if (!row) throw notFound('Campaign');
  return toApiCampaign(row);
}
