import type { TCampaign, TV1CreateCampaignBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { RequestActor } from '../auth/index.js';
import { createDraft, duplicateCampaign } from '../campaign/index.js';

/** A new draft from a template (the dashboard's "create" by type) or a copy of a campaign (its "duplicate"). */
export async function createCampaign(db: Db, actor: RequestActor, body: TV1CreateCampaignBody): Promise<TCampaign> {
  return 'template' in body ? createDraft({ db, actor, type: body.template }) : duplicateCampaign({ db, actor, campaignId: body.copyOf });
}
