import { z } from 'zod';
import { ZEpochSeconds, ZPageQuery, zPaged } from '../shared/api-schemas.js';
import { ZCents, ZIdRef, ZIdParam, zText } from '../shared/limits.js';
import { PAYMENT_PLANS } from '../brand/brand-enums.js';
import { INVITE_STATUSES } from '../campaign/campaign-enums.js';
import { ZCampaign } from '../campaign/campaign.schema.js';
import { ZCampaignMission, ZCampaignPartner, ZRewardRead } from '../campaign/builder.schema.js';

const ZBrandId = z.string().min(1, { message: 'a brand id' }).max(64, { message: 'a brand id' });

/** POST /api/v5/bundle-partner/create (spec §7): add or update the partners of a shared campaign. */
export const ZBundlePartnerCreateBody = z
  .object({
    bundleId: ZIdRef,
    partnersId: z.array(ZBrandId).max(50),
    /** Display position of the first partner listed; the others follow in partnersId order. */
    order: z.number().int().min(0).max(10_000).optional(),
    /** Send the invites right away (same as PUT …/send-invite afterwards). */
    sendInvite: z.boolean().optional(),
    /** Who supplies each reward and each partner's proposed budget (cents, money rewards only). */
    rewards: z
      .array(
        z
          .object({
            rewardId: ZIdRef,
            suppliedBy: z.enum(['self', 'partners']),
            partners: z.array(z.object({ brandId: ZBrandId, budget: ZCents }).strict()).max(50),
          })
          .strict(),
      )
      .max(200)
      .optional(),
  })
  .strict();
export type TBundlePartnerCreateBody = z.infer<typeof ZBundlePartnerCreateBody>;

export const ZBundlePartnerList = z.object({ items: z.array(ZCampaignPartner) });

export const ZSendInviteResult = z.object({
  status: z.literal('SENT'),
  /** Partners whose invite went out with this call. */
  sent: z.number().int().nonnegative(),
  /** Owners of the partner brands the invite was mailed to. */
  mailed: z.number().int().nonnegative(),
});

export const ZInviteAnswerBody = z.object({ bundleId: ZIdRef }).strict();
/** Rejecting may say why (our addition to the spec's body); the retailer sees it on the campaign. */
export const ZInviteRejectBody = ZInviteAnswerBody.extend({ reason: zText(500).optional() }).strict();
export type TInviteRejectBody = z.infer<typeof ZInviteRejectBody>;

/** A reward as the invited brand sees it: the one partner entry it is shown is its own. */
export const ZPartnerReward = ZRewardRead.extend({
  assignedToMe: z.boolean(),
  fillStatus: z.enum(['pending', 'filled']),
});

/** GET /api/v5/bundle-partner/{id}: the invited brand's view of the campaign. */
export const ZPartnerView = z.object({
  campaign: ZCampaign,
  owner: z.object({ brandId: z.string(), brandName: z.string(), brandLogoUrl: z.string().nullable() }),
  missions: z.array(ZCampaignMission),
  rewards: z.array(ZPartnerReward),
  inviteStatus: z.enum(INVITE_STATUSES).nullable(),
  /** Budget proposed to this brand over its money rewards, integer cents. */
  proposedBudget: z.number().int().nonnegative(),
  paymentPlan: z.enum(PAYMENT_PLANS),
  walletBalance: z.number().int(),
  /** What the wallet lacks to accept (0 when it covers the share, or on a postpaid plan). */
  dueCents: z.number().int().nonnegative(),
  canAccept: z.boolean(),
  /** Why Accept is not possible yet, as a message key. */
  acceptProblem: z.string().nullable(),
});
export type TPartnerView = z.infer<typeof ZPartnerView>;

export const ZInviteAnswerResult = z.object({
  inviteStatus: z.enum(INVITE_STATUSES),
  proposedBudget: z.number().int().nonnegative(),
});

/** An approved partner brand of the retailer (partner select, paged 10). */
export const ZPartnerBrand = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  industries: z.array(z.object({ name: z.string() })),
  status: z.string(),
});
export type TPartnerBrand = z.infer<typeof ZPartnerBrand>;
export const ZPartnerBrandPage = zPaged(ZPartnerBrand);
export const ZPartnerBrandsQuery = ZPageQuery.extend({
  filter: zText(100).optional(),
  status: z.enum(['approved']).default('approved'),
}).strict();

export const ZBrandIdParams = z.object({ id: ZBrandId });

/** A brand by id: the caller's own, or one it partners with or was invited by. */
export const ZBrandCard = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  industries: z.array(z.object({ name: z.string() })),
  isRetailer: z.boolean(),
});

/** The Invitations tab of the campaign list: campaigns other brands invited this one to. */
export const ZInvitation = z.object({
  bundleId: z.number().int(),
  name: z.string(),
  type: ZCampaign.shape.type,
  status: ZCampaign.shape.status,
  ownerName: z.string(),
  inviteStatus: z.enum(INVITE_STATUSES),
  invitedAt: ZEpochSeconds.nullable(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationPage = zPaged(ZInvitation).extend({ pending: z.number().int().nonnegative() });
export const ZInvitationsQuery = ZPageQuery.strict();
export const ZBundlePartnerParams = z.object({ id: ZIdParam });
