import {
  builderWarnings,
  canAddMission,
  canAddReward,
  canChangeType,
  canDeleteMission,
  canShowSharedSwitch,
  computeProgress,
  rewardsForViewer,
  type TFormData,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findVisibleCampaign, toApiCampaign } from '../campaign/index.js';
import { listRewardsForCampaign } from '../reward/index.js';
import { findViewerFlags, listCampaignMissions, listCampaignPartners } from './builder.repository.js';

export interface LoadFormDataOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
}

/**
 * Everything the builder shows, in a fixed number of queries whatever the
 * number of missions and rewards. The owner gets the builder; an invited
 * partner brand gets the campaign-view.
 */
export async function loadFormData({ db, actor, campaignId }: LoadFormDataOptions): Promise<TFormData> {
  const found = await findVisibleCampaign(db, actor.brandId, campaignId);
  if (!found) throw notFound('Campaign');
  const { campaign } = found;
  const mode = campaign.brandId === actor.brandId ? 'builder' : 'view';
  const [viewerRow, missions, allRewards, allPartners] = await Promise.all([
    findViewerFlags(db, actor.brandId),
    listCampaignMissions(db, campaign.id),
    listRewardsForCampaign(db, campaign.brandId, campaign.id),
    listCampaignPartners(db, campaign.id),
  ]);
  const viewer = viewerRow ?? { isRetailer: false, consumerEnabled: false };
  // A partner sees its own invite and budget only; a retailer partner only the shared rewards it fills (spec §6).
  const rewards = mode === 'view' ? rewardsForViewer(allRewards, { brandId: actor.brandId, isRetailer: viewer.isRetailer }) : allRewards;
  const partners = mode === 'view' ? allPartners.filter((p) => p.brandId === actor.brandId) : allPartners;
  const facts = {
    missions: missions.map((m) => ({ missionId: m.missionId, isCompleteFill: m.mission.isCompleteFill })),
    rewards: rewards.map((r) => ({
      scope: r.scope,
      missionId: r.missionId,
      filledByPartners: r.filledByPartners,
      partners: r.partners.map((p) => ({ brandId: p.brandId, filled: p.fillStatus === 'filled' })),
    })),
    partners,
  };
  const progress = computeProgress({
    mode,
    type: campaign.type,
    sharedCampaign: campaign.sharedCampaign,
    name: campaign.name,
    ...facts,
    viewer: { brandId: actor.brandId, isRetailer: viewer.isRetailer },
  });
  const isOwner = mode === 'builder';
  const api = toApiCampaign(campaign);
  return {
    mode,
    campaign: api,
    owner: { brandId: campaign.brandId, brandName: found.ownerName, brandLogoUrl: found.ownerLogo },
    missions,
    rewards,
    partners,
    progress,
    warnings: builderWarnings({ type: campaign.type, sharedCampaign: campaign.sharedCampaign, startBlocked: api.startBlocked, ...facts }),
    capabilities: {
      canChangeType: isOwner && canChangeType(campaign.status, false),
      canShowSharedSwitch: isOwner && canShowSharedSwitch(campaign.type, viewer.isRetailer),
      canAddMission: isOwner && canAddMission({ type: campaign.type, missionCount: missions.length }),
      canAddReward:
        isOwner && canAddReward({ type: campaign.type, missionCount: missions.length, rewardCount: rewards.length }),
      canDeleteMissions: isOwner && canDeleteMission(campaign.status),
      canLaunch: isOwner && actor.permissions.includes('campaign:launch'),
      consumerEnabled: viewer.consumerEnabled,
    },
  };
}
