import { z } from 'zod';
import { ZIdParam, ZIdRef } from '../shared/limits.js';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { ZMediaImageArgs } from '../shared/media.schema.js';
import { MISSION_STATUSES, MISSION_SUBTYPES, MISSION_TYPES } from '../mission/mission-enums.js';
import { ZContestSettings } from '../mission/mission.schema.js';
import { FILL_STATUSES, REWARD_SCOPES, REWARD_TYPES } from '../reward/reward-enums.js';
import { ZAssignment, ZDynamicAmountRow } from '../reward/reward.schema.js';
import { INVITE_STATUSES, SHARED_DATA_OPTIONS } from './campaign-enums.js';
import { ZCampaign, ZCampaignName, ZCampaignType } from './campaign.schema.js';
import { BUILDER_WARNINGS } from './builder-rules.js';
import { PROGRESS_STEPS } from './compute-progress.js';

const ZEntries = z.number().int().min(0).max(1_000_000).nullable();

/** A mission placed in a campaign (product rules R5, R22). */
export const ZCampaignMission = z.object({
  id: z.number().int(),
  missionId: z.number().int(),
  order: z.number().int(),
  type: z.enum(MISSION_TYPES),
  mission: z.object({
    title: z.string(),
    imageUrl: z.string().nullable(),
    type: z.enum(MISSION_TYPES),
    subtype: z.enum(MISSION_SUBTYPES),
    isCompleteFill: z.boolean(),
    status: z.enum(MISSION_STATUSES),
    itemCount: z.number().int().nonnegative(),
  }),
  maxEntriesPerUser: ZEntries,
  maxEntriesPerStore: ZEntries,
  contest: ZContestSettings.nullable(),
  passingGrade: z.number().int().nullable(),
  sharedData: z.array(z.enum(SHARED_DATA_OPTIONS)),
});
export type TCampaignMission = z.infer<typeof ZCampaignMission>;

/** A reward as read back (product rules R30–R39). Money fields are integer cents. */
export const ZRewardRead = z.object({
  id: z.number().int(),
  bundleId: z.number().int(),
  type: z.enum(REWARD_TYPES),
  key: z.string().nullable(),
  title: z.string(),
  autoTitle: z.string().nullable(),
  description: z.string(),
  isShared: z.boolean(),
  filledByPartners: z.boolean(),
  completionsToUnlock: z.number().int(),
  maxPerUser: z.number().int(),
  isUnlimited: z.boolean(),
  scope: z.enum(REWARD_SCOPES),
  missionId: z.number().int().nullable(),
  mission: z.object({ name: z.string(), imageUrl: z.string().nullable() }).nullable(),
  itemsId: z.array(z.number().int()),
  assignment: ZAssignment.nullable(),
  amount: z.number().int().nullable().describe('integer cents'),
  budget: z.number().int().nullable().describe('integer cents'),
  dynamicActive: z.boolean(),
  dynamicAmounts: z.array(ZDynamicAmountRow),
  percentageDiscount: z.number().int().nullable(),
  linkToShop: z.string().nullable(),
  noFinePrint: z.boolean(),
  finePrint: z.string().nullable(),
  value: z.number().int().nullable().describe('integer cents'),
  totalAvailable: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  imageArgs: ZMediaImageArgs.nullable(),
  endDate: ZEpochSeconds.nullable(),
  partners: z.array(
    z.object({
      brandId: z.string(),
      budget: z.number().int().describe('integer cents'),
      paid: z.number().int().describe('integer cents'),
      fillStatus: z.enum(FILL_STATUSES),
    }),
  ),
  totalAllocatedBudget: z.number().int().describe('integer cents'),
  budgetPaid: z.number().int().describe('integer cents'),
  totalCodes: z.number().int(),
  availableCodes: z.number().int(),
  unlockedCodes: z.number().int(),
});
export type TRewardRead = z.infer<typeof ZRewardRead>;

export const ZCampaignPartner = z.object({
  brandId: z.string(),
  brandName: z.string(),
  brandLogoUrl: z.string().nullable(),
  industries: z.array(z.object({ name: z.string() })),
  inviteStatus: z.enum(INVITE_STATUSES).nullable(),
  order: z.number().int(),
  /** When it answered the invite (epoch seconds); null until then. */
  respondedAt: ZEpochSeconds.nullable().optional(),
  /** Why it rejected, when it said. */
  rejectReason: z.string().nullable().optional(),
});
export type TCampaignPartner = z.infer<typeof ZCampaignPartner>;

export const ZProgress = z.object({
  percent: z.number().int().min(0).max(100),
  steps: z.array(z.object({ step: z.enum(PROGRESS_STEPS), done: z.boolean() })),
});

/** Everything the builder page needs, in one call (GET /api/v3/bundle/{id}/form-data). */
export const ZFormData = z.object({
  mode: z.enum(['builder', 'view']),
  campaign: ZCampaign,
  owner: z.object({ brandId: z.string(), brandName: z.string(), brandLogoUrl: z.string().nullable() }),
  missions: z.array(ZCampaignMission),
  rewards: z.array(ZRewardRead),
  partners: z.array(ZCampaignPartner),
  progress: ZProgress,
  warnings: z.array(z.enum(BUILDER_WARNINGS)),
  capabilities: z.object({
    canChangeType: z.boolean(),
    canShowSharedSwitch: z.boolean(),
    canAddMission: z.boolean(),
    canAddReward: z.boolean(),
    canDeleteMissions: z.boolean(),
    canLaunch: z.boolean(),
    consumerEnabled: z.boolean(),
  }),
});
export type TFormData = z.infer<typeof ZFormData>;

/** POST /api/v3/bundle/{id}: the builder's own fields, with the version the edit was made on. */
export const ZCampaignFieldsBody = z
  .object({
    version: z.number().int().positive(),
    name: ZCampaignName.optional(),
    type: ZCampaignType.optional(),
    sharedCampaign: z.boolean().optional(),
    /** The user confirmed that changing the type deletes the campaign's missions. */
    confirmTypeChange: z.boolean().optional(),
  })
  .strict();
export type TCampaignFieldsBody = z.infer<typeof ZCampaignFieldsBody>;

const ZMissionSettings = {
  maxEntriesPerUser: ZEntries.optional(),
  maxEntriesPerStore: ZEntries.optional(),
  contest: ZContestSettings.nullable().optional(),
  passingGrade: z.number().int().nullable().optional(),
  sharedData: z.array(z.enum(SHARED_DATA_OPTIONS)).optional(),
};

export const ZAddCampaignMissionBody = z.object({ missionId: ZIdRef, ...ZMissionSettings }).strict();
export type TAddCampaignMissionBody = z.infer<typeof ZAddCampaignMissionBody>;

export const ZUpdateCampaignMissionBody = z
  .object({ ...ZMissionSettings, order: z.number().int().min(0).max(10_000).optional() })
  .strict();
export type TUpdateCampaignMissionBody = z.infer<typeof ZUpdateCampaignMissionBody>;

export const ZCampaignMissionParams = z.object({
  id: ZIdParam,
  missionId: ZIdParam,
});
export const ZCampaignRewardParams = z.object({
  id: ZIdParam,
  rewardId: ZIdParam,
});

/** The builder's answer to every write: the campaign as it now is, so the page never guesses. */
export const ZBuilderWriteResult = z.object({ campaign: ZCampaign });

export const ZRewardTypes = z.object({
  items: z.array(z.object({ type: z.enum(REWARD_TYPES), enabled: z.boolean(), reason: z.string().nullable() })),
});

export const ZPauseDetails = z.object({
  status: ZCampaign.shape.status,
  canEnd: z.boolean(),
  startDate: ZEpochSeconds.nullable(),
  endDate: ZEpochSeconds.nullable(),
  completions: z.number().int().nonnegative(),
  rewardsUnlocked: z.number().int().nonnegative(),
  /** Codes of the campaign's code rewards not yet given out. */
  codesLeft: z.number().int().nonnegative(),
  /** Paid money budget not yet spent, in cents: what ending the campaign returns to the wallet. */
  budgetLeft: z.number().int().nonnegative(),
});
export type TPauseDetails = z.infer<typeof ZPauseDetails>;

export const ZActivityEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
  createdAt: ZEpochSeconds,
});
export const ZActivity = z.object({ items: z.array(ZActivityEntry) });
export type TActivityEntry = z.infer<typeof ZActivityEntry>;
