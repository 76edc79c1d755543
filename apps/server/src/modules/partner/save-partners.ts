import {
  acceptedTermsErrors,
  canManagePartners,
  ERROR_CODES,
  PARTNER_MESSAGES,
  partnerChangeErrors,
  partnerSelectErrors,
  rewardSupplyErrors,
  type TBundlePartnerCreateBody,
  type TInviteStatus,
} from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, invalid } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { editCampaign, findBrand, type CampaignRow } from '../campaign/index.js';
import { approvedPartnerIds, listPartnerRows, listRewardTypes, replacePartners, rewardSupplies, setRewardSupply } from './partner.repository.js';

export interface SavePartnersOptions {
  db: Db;
  actor: RequestActor;
  body: TBundlePartnerCreateBody;
}

/** 409 unless the campaign is the retailer's shared contest (spec §1, §6). */
export async function assertManagesPartners(db: DbOrTx, actor: RequestActor, campaign: CampaignRow) {
  const owner = await findBrand(db, campaign.brandId);
  const ok = canManagePartners({
    type: campaign.type,
    sharedCampaign: campaign.sharedCampaign,
    ownerIsRetailer: owner?.isRetailer ?? false,
    isOwner: campaign.brandId === actor.brandId,
  });
  if (!ok) throw conflict('Only a retailer’s shared contest takes partners', ERROR_CODES.conflict, [{ path: 'bundleId', message: PARTNER_MESSAGES.notShared }]);
}

/**
 * POST /api/v5/bundle-partner/create: the partner select and who supplies each reward (spec §5, §6),
 * checked against the retailer's approved partnerships, in one transaction with the campaign locked.
 */
export async function savePartners({ db, actor, body }: SavePartnersOptions): Promise<{ campaign: CampaignRow }> {
  const { campaign: saved } = await editCampaign({ db, actor, permission: 'campaign:update', campaignId: body.bundleId }, async (tx, { campaign }) => {
    await assertManagesPartners(tx, actor, campaign);
    const current = await listPartnerRows(tx, campaign.id);
    const approved = await approvedPartnerIds(tx, actor.brandId);
    // A brand whose invite already went out stays on the campaign even if the retailer removed it from the pool since
    // (the shared campaign keeps its history); one not yet invited must still be an approved partner.
    for (const p of current) if (p.inviteStatus !== null) approved.add(p.partnerBrandId);
    const fields = [
      ...partnerSelectErrors(body.partnersId, { approvedIds: approved, ownBrandId: actor.brandId }),
      ...partnerChangeErrors(
        current.map((p) => ({ brandId: p.partnerBrandId, inviteStatus: p.inviteStatus as TInviteStatus | null })),
        body.partnersId,
      ),
    ];
    const campaignRewards = await listRewardTypes(tx, campaign.id);
    const supplies = body.rewards ?? [];
    fields.push(
      ...rewardSupplyErrors(supplies, {
        partnerIds: new Set(body.partnersId),
        rewardTypes: new Map(campaignRewards.map((r) => [r.id, r.type])),
      }),
      ...acceptedTermsErrors(supplies, {
        brandIds: new Set(current.filter((p) => p.inviteStatus === 'ACCEPTED').map((p) => p.partnerBrandId)),
        entries: await rewardSupplies(tx, campaign.id),
      }),
    );
    if (fields.length > 0) throw invalid(fields);

    await replacePartners(tx, campaign, [...body.partnersId], body.order ?? 0);
    for (const supply of supplies) {
      await setRewardSupply(tx, campaign, campaignRewards.find((r) => r.id === supply.rewardId)!, supply);
    }
    return {
      action: 'partners.update',
      changes: [
        { field: 'partners', old: current.map((p) => p.partnerBrandId), new: body.partnersId },
        ...supplies.map((s) => ({ field: `rewards.${s.rewardId}.suppliedBy`, old: null, new: s.suppliedBy === 'self' ? 'self' : s.partners })),
      ],
    };
  });
  return { campaign: saved };
}
