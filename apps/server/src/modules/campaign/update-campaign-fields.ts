import {
  canChangeType,
  ERROR_CODES,
  normalizeShared,
  typeChangeEffect,
  type TCampaign,
  type TCampaignFieldsBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { appError, conflict } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign } from './campaign.mapper.js';
import { deleteMissionEntries, deleteMissionRewards, deletePartners, findBrand, listMissionEntries } from './campaign.repository.js';
import { editCampaign } from './edit-campaign.js';
import { renameCampaign, type RenameMemo } from './rename-campaign.js';

export interface UpdateCampaignFieldsOptions {
  db: Db;
  renames: RenameMemo;
  actor: RequestActor;
  campaignId: number;
  body: TCampaignFieldsBody;
}

/** Autosave of the builder's fields: name, type, shared switch — on the version the edit was made on. */
export async function updateCampaignFields({ db, renames, actor, campaignId, body }: UpdateCampaignFieldsOptions): Promise<TCampaign> {
  if (body.name !== undefined && body.type === undefined && body.sharedCampaign === undefined) {
    return renameCampaign({ db, renames, actor, campaignId, name: body.name, version: body.version });
  }
  const { campaign: saved } = await editCampaign({ db, actor, permission: null, campaignId, version: body.version }, async (tx, { campaign }) => {
    // The brand's flags matter only to type and shared changes; a name edit skips the read.
    const needsBrand = body.type !== undefined || body.sharedCampaign !== undefined;
    const brand = needsBrand ? await findBrand(tx, actor.brandId) : undefined;
    const changes: { field: string; old: unknown; new: unknown }[] = [];
    const set: { name?: string; type?: typeof campaign.type; sharedCampaign?: boolean } = {};

    if (body.name !== undefined && body.name !== campaign.name) {
      set.name = body.name;
      changes.push({ field: 'name', old: campaign.name, new: body.name });
    }

    const type = body.type ?? campaign.type;
    if (type !== campaign.type) {
      if (!canChangeType(campaign.status, false)) {
        throw conflict('The type can change only while the campaign is a draft', ERROR_CODES.illegalTransition, [
          { path: 'type', message: 'only in draft' },
        ]);
      }
      if (type === 'consumer' && !brand?.consumerEnabled) {
        throw appError(ERROR_CODES.typeNotAllowed, 'Consumer campaigns need the consumer feature', [
          { path: 'type', message: 'consumer needs the consumer feature' },
        ]);
      }
      const missionRows = await listMissionEntries(tx, campaign.id);
      const effect = typeChangeEffect({ from: campaign.type, to: type, missionCount: missionRows.length });
      if (effect.needsConfirmation && !body.confirmTypeChange) {
        throw conflict('Changing the type deletes the missions of this campaign; confirm to go on', ERROR_CODES.typeChangeNeedsConfirmation, [
          { path: 'confirmTypeChange', message: 'confirm that the missions are deleted' },
        ]);
      }
      if (effect.deletesMissions) {
        await deleteMissionRewards(
          tx,
          campaign.id,
          missionRows.map((m) => m.missionId),
        );
        await deleteMissionEntries(tx, campaign.id);
        changes.push({ field: 'missions', old: missionRows.length, new: 0 });
      }
      set.type = type;
      changes.push({ field: 'type', old: campaign.type, new: type });
    }

    const requestedShared = body.sharedCampaign ?? campaign.sharedCampaign;
    if (body.sharedCampaign === true && !brand?.isRetailer) {
      throw appError(ERROR_CODES.forbidden, 'Only retailers share campaigns', [
        { path: 'sharedCampaign', message: 'retailers only' },
      ]);
    }
    const shared = normalizeShared(type, requestedShared);
    if (shared !== campaign.sharedCampaign) {
      set.sharedCampaign = shared;
      changes.push({ field: 'sharedCampaign', old: campaign.sharedCampaign, new: shared });
      if (!shared) {
        const removed = await deletePartners(tx, campaign.id);
        if (removed > 0) changes.push({ field: 'partners', old: removed, new: 0 });
      }
    }

    return { action: 'update', set, changes };
  });
  return toApiCampaign(saved);
}
