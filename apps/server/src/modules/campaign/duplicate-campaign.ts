import { duplicateName, LIMITS, type TCampaign } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign } from './campaign.mapper.js';
import { saveCampaignChange } from './save-campaign-change.js';
import { copyCampaignContent, findCampaign, insertCampaign, newPublicUid } from './campaign.repository.js';

export interface DuplicateCampaignOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/**
 * A new draft with the same design (issue 29): type, settings, missions, rewards and the partners to invite with what
 * each is asked to supply; never the money (paid budgets, partner payments, ledger rows), codes (a code is given once:
 * the copy's code rewards get their own), progress, schedule or code expiry.
 */
export async function duplicateCampaign({ db, actor, campaignId }: DuplicateCampaignOptions): Promise<TCampaign> {
  return db.transaction(async (tx) => {
    const source = await findCampaign(tx, actor.brandId, campaignId);
    if (!source) throw notFound('Campaign');
    const row = await insertCampaign(tx, {
      brandId: actor.brandId,
      publicUid: newPublicUid(),
      name: duplicateName(source.name, LIMITS.campaignName),
      type: source.type,
      status: 'draft',
      sharedCampaign: source.sharedCampaign,
      finishCriteria: source.finishCriteria,
      timeZone: source.timeZone,
      completionProgress: 0,
      scopeType: source.scopeType,
      scopePks: source.scopePks,
      countryCodes: source.countryCodes,
      selectedPlacesIds: source.selectedPlacesIds,
      selectedCountries: source.selectedCountries,
      reachGroups: source.reachGroups,
      reachStores: source.reachStores,
      reachUsers: source.reachUsers,
      createdBy: actor.userId,
    });
    await copyCampaignContent(tx, actor.brandId, source.id, row.id);
    // Progress is recomputed from what the copy holds (the partners are not invited yet), never carried over.
    const saved = await saveCampaignChange({
      tx,
      actor,
      campaign: row,
      action: 'duplicate',
      changes: [{ field: 'duplicatedFrom', old: null, new: source.id }],
    });
    return toApiCampaign(saved);
  });
}
