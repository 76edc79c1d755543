import {
  inviteAnswerProblem,
  pageMeta,
  PAGE_SIZES,
  partnerShareCents,
  rewardsForViewer,
  walletShortBy,
  type TInviteStatus,
  type TPartnerView,
} from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findBrand, findCampaign, toApiCampaign, toEpochSeconds } from '../campaign/index.js';
import { listRewardsForCampaign } from '../reward/index.js';
import { listCampaignMissionsFor, listCampaignPartnersFor } from '../builder/index.js';
import { brandsAreLinked, findInvitedCampaign, pageApprovedPartnerBrands, pageInvitations } from './partner.repository.js';

/** GET /api/v5/bundle-partner/{id}: the campaign as the invited brand sees it (spec §2, §4, §6). */
export async function getPartnerView({ db, actor, campaignId }: { db: Db; actor: RequestActor; campaignId: number }): Promise<TPartnerView> {
  const found = await findInvitedCampaign(db, actor.brandId, campaignId);
  if (!found || found.campaign.brandId === actor.brandId) throw notFound('Invitation');
  const { campaign, invite } = found;
  const me = await findBrand(db, actor.brandId);
  const [owner, missions, allRewards] = await Promise.all([
    findBrand(db, campaign.brandId),
    listCampaignMissionsFor(db, campaign.id),
    listRewardsForCampaign(db, campaign.brandId, campaign.id),
  ]);
  const visible = rewardsForViewer(allRewards, { brandId: actor.brandId, isRetailer: me!.isRetailer });
  const rewards = visible.map((r) => {
    const mine = r.partners.find((p) => p.brandId === actor.brandId);
    return { ...r, assignedToMe: mine !== undefined, fillStatus: mine ? mine.fillStatus : ('filled' as const) };
  });
  const assigned = rewards.filter((r) => r.assignedToMe);
  const share = partnerShareCents(assigned.map((r) => ({ type: r.type, budget: r.partners[0]!.budget, paid: r.partners[0]!.paid })));
  const status = invite.inviteStatus as TInviteStatus | null;
  const problem = inviteAnswerProblem({ inviteStatus: status, answer: 'accept', assignedFill: assigned.map((r) => r.fillStatus) });
  return {
    campaign: toApiCampaign(campaign),
    owner: { brandId: campaign.brandId, brandName: owner?.name ?? '', brandLogoUrl: owner?.logo ?? null },
    missions,
    rewards,
    inviteStatus: status,
    proposedBudget: share.budget,
    paymentPlan: me!.paymentPlan,
    walletBalance: me!.walletBalanceCents,
    dueCents: walletShortBy(me!.paymentPlan, me!.walletBalanceCents, share.unpaid),
    canAccept: problem === null,
    acceptProblem: problem,
  };
}

/** The builder helper "list partners": the campaign's partners with their invite status, for its owner. */
export async function listPartnersOf({ db, actor, campaignId }: { db: Db; actor: RequestActor; campaignId: number }) {
  const campaign = await findCampaign(db, actor.brandId, campaignId);
  if (!campaign) throw notFound('Campaign');
  return { items: await listCampaignPartnersFor(db, campaign.id) };
}

/** The builder helper "approved partner brands": status approved, paged 10, searchable by name (spec §7, §9). */
export async function listPartnerBrands({ db, actor, query }: { db: Db; actor: RequestActor; query: { currentPage: number; filter?: string | undefined } }) {
  const perPage = PAGE_SIZES.partners;
  const { total, rows } = await pageApprovedPartnerBrands(db, actor.brandId, { filter: query.filter?.trim() || undefined, page: query.currentPage, perPage });
  return {
    items: rows.map(({ b, status }) => ({ id: b.id, name: b.name, logoUrl: b.logo, industries: b.industries.map((name) => ({ name })), status })),
    _meta: pageMeta(total, query.currentPage, perPage),
  };
}

/** The builder helper "brand by id": the caller's own brand or one linked to it by a partnership or an invite; 404 otherwise. */
export async function getBrandCard({ db, actor, brandId }: { db: Db; actor: RequestActor; brandId: string }) {
  const brand = await findBrand(db, brandId);
  if (!brand || !(await brandsAreLinked(db, actor.brandId, brandId))) throw notFound('Brand');
  return { id: brand.id, name: brand.name, logoUrl: brand.logo, industries: brand.industries.map((name) => ({ name })), isRetailer: brand.isRetailer };
}

/** The campaign list's Invitations tab, with the count of invites waiting for an answer. */
export async function listInvitations({ db, actor, query }: { db: Db; actor: RequestActor; query: { currentPage: number; perPage?: number | undefined } }) {
  const perPage = query.perPage ?? 15;
  const { total, pending, rows } = await pageInvitations(db, actor.brandId, query.currentPage, perPage);
  return {
    items: rows.map(({ c, cp, ownerName }) => ({
      bundleId: c.id,
      name: c.name,
      type: c.type,
      status: c.status,
      ownerName,
      inviteStatus: cp.inviteStatus as TInviteStatus,
      invitedAt: cp.invitedAt ? toEpochSeconds(cp.invitedAt) : null,
    })),
    _meta: pageMeta(total, query.currentPage, perPage),
    pending,
  };
}
