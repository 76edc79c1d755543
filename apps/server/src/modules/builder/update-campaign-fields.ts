import { and, eq, inArray } from 'drizzle-orm';
import {
  canChangeType,
  ERROR_CODES,
  normalizeShared,
  typeChangeEffect,
  type TCampaign,
  type TCampaignFieldsBody,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { brands, campaignMissions, campaignPartners, rewards } from '../../db/schema/index.js';
import { appError, conflict } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { editCampaign, toApiCampaign } from '../campaign/index.js';
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
  requirePermission(actor, 'campaign:update');
  if (body.name !== undefined && body.type === undefined && body.sharedCampaign === undefined) {
    return renameCampaign({ db, renames, actor, campaignId, name: body.name, version: body.version });
  }
  const { campaign: saved } = await editCampaign({ db, actor, permission: null, campaignId, version: body.version }, async (tx, { campaign }) => {
    // The brand's flags matter only to type and shared changes; a name edit skips the read.
    const needsBrand = body.type !== undefined || body.sharedCampaign !== undefined;
    const [brand] = needsBrand ? await tx.select().from(brands).where(eq(brands.id, actor.brandId)) : [];
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
      const missionRows = await tx
        .select({ id: campaignMissions.id, missionId: campaignMissions.missionId })
        .from(campaignMissions)
        .where(eq(campaignMissions.campaignId, campaign.id));
      const effect = typeChangeEffect({ from: campaign.type, to: type, missionCount: missionRows.length });
      if (effect.needsConfirmation && !body.confirmTypeChange) {
        throw conflict('Changing the type deletes the missions of this campaign; confirm to go on', ERROR_CODES.typeChangeNeedsConfirmation, [
          { path: 'confirmTypeChange', message: 'confirm that the missions are deleted' },
        ]);
      }
      if (effect.deletesMissions) {
        // Mission-scoped rewards would point at missions no longer in the campaign.
        await tx
          .delete(rewards)
          .where(
            and(
              eq(rewards.campaignId, campaign.id),
              eq(rewards.scope, 'mission'),
              inArray(
                rewards.missionId,
                missionRows.map((m) => m.missionId),
              ),
            ),
          );
        await tx.delete(campaignMissions).where(eq(campaignMissions.campaignId, campaign.id));
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
        const removed = await tx.delete(campaignPartners).where(eq(campaignPartners.campaignId, campaign.id)).returning();
        if (removed.length > 0) changes.push({ field: 'partners', old: removed.length, new: 0 });
      }
    }

    return { action: 'update', set, changes };
  });
  return toApiCampaign(saved);
}
