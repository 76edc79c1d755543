import { z } from 'zod';
import { ZIdParam, ZIdRef, zQueryInt } from '../shared/limits.js';
import { ZEpochSeconds, ZPageMeta } from '../shared/api-schemas.js';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from '../campaign/campaign-enums.js';
import {
  CONTEST_KINDS,
  MISSION_SUBTYPES,
  MISSION_TYPES,
  RANK_BASES,
  FORM_FIELD_TYPES,
} from '../mission/mission-enums.js';
import { REWARD_SCOPES, REWARD_TYPES } from '../reward/reward-enums.js';
import { PLAY_LANGUAGES } from './play-self-service.schema.js';

/**
 * The participant API (/api/play/…): store users and consumers taking part in running campaigns.
 * Participants are not dashboard users: their own cookie, their own routes.
 */

/** The participant session cookie (httpOnly, SameSite=Lax, path /api/play). */
export const PLAY_SESSION_COOKIE = 'rally_play_session';
/** Demo store users also sign in with this password (listed in the README). */
export const PLAY_DEMO_PASSWORD = 'demo1234';
/** One-time sign-in codes: six digits, valid this many seconds, this many wrong tries. */
export const PLAY_CODE_TTL_SECONDS = 600;
export const PLAY_CODE_MAX_ATTEMPTS = 5;
/** The header a completion submit must carry; a replay with the same key answers the first result. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKey = z
  .string()
  .trim()
  .min(8, { message: 'at least 8 characters' })
  .max(128, { message: 'at most 128 characters' })
  .regex(/^[\w.:-]+$/, { message: 'letters, digits, . _ : - only' });

export const PARTICIPANT_KINDS = ['store_user', 'consumer'] as const;
export type TParticipantKind = (typeof PARTICIPANT_KINDS)[number];

export const COMPLETION_STATUSES = ['accepted', 'pending', 'rejected'] as const;
export type TCompletionStatus = (typeof COMPLETION_STATUSES)[number];

/** An issued reward: codes and money are issued at once; a prize waits until the brand assigns it. */
export const UNLOCK_STATUSES = ['issued', 'awaiting_assignment', 'assigned'] as const;
export type TUnlockStatus = (typeof UNLOCK_STATUSES)[number];

const ZEmail = z.string().trim().toLowerCase().email({ message: 'a valid email' }).max(254);
const ZCents = z.number().int().nonnegative();

// ——— sign-in ———

/** POST /api/play/auth/request-code — mails a one-time code. Consumers join through a consumer campaign's public uid. */
export const ZPlayRequestCodeBody = z
  .object({
    email: ZEmail,
    /** Only for a consumer's first sign-in: the consumer campaign's public uid, their name and country. */
    join: z
      .object({
        campaignUid: z.string().trim().min(1).max(64),
        name: z.string().trim().min(1, { message: 'required' }).max(100),
        countryCode: z.string().trim().toUpperCase().length(2, { message: 'a two-letter country code' }),
      })
      .strict()
      .optional(),
  })
  .strict();
export type TPlayRequestCodeBody = z.infer<typeof ZPlayRequestCodeBody>;
/** Always the same answer, whether or not the email is known (no account probing). */
export const ZPlayRequestCodeResponse = z.object({
  ok: z.literal(true),
  expiresInSeconds: z.number().int().positive(),
});

/** POST /api/play/auth/verify-code — sets the session cookie. */
/**
 * Which of an email's participant accounts to sign in as (R63): a store user of one store, or a consumer of
 * one brand. Without it, the first of POST /api/play/auth/accounts's list.
 */
export const ZPlayAccountChoice = z
  .object({ kind: z.enum(PARTICIPANT_KINDS), id: z.number().int().positive() })
  .strict();
export type TPlayAccountChoice = z.infer<typeof ZPlayAccountChoice>;

const ZSixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'the six-digit code' });

export const ZPlayVerifyCodeBody = z
  .object({ email: ZEmail, code: ZSixDigitCode, account: ZPlayAccountChoice.optional() })
  .strict();
export type TPlayVerifyCodeBody = z.infer<typeof ZPlayVerifyCodeBody>;

/** POST /api/play/auth/sign-in — password sign-in (demo store users: demo1234). Sets the session cookie. */
export const ZPlayPasswordSignInBody = z
  .object({
    email: ZEmail,
    password: z.string().min(1, { message: 'required' }).max(200),
    account: ZPlayAccountChoice.optional(),
  })
  .strict();
export type TPlayPasswordSignInBody = z.infer<typeof ZPlayPasswordSignInBody>;

/**
 * POST /api/play/auth/accounts — the participant accounts an email's code or password opens, before signing
 * in: a code is checked (a wrong one uses a try) but stays unused. Send `code` or `password`.
 */
export const ZPlayAccountsBody = z
  .object({
    email: ZEmail,
    code: ZSixDigitCode.optional(),
    password: z.string().min(1, { message: 'required' }).max(200).optional(),
  })
  .strict();
export type TPlayAccountsBody = z.infer<typeof ZPlayAccountsBody>;

export const ZPlayAccount = z.object({
  kind: z.enum(PARTICIPANT_KINDS),
  id: z.number().int().positive(),
  brandName: z.string(),
  /** Store users only. */
  storeName: z.string().nullable(),
});
export type TPlayAccount = z.infer<typeof ZPlayAccount>;
export const ZPlayAccounts = z.object({ accounts: z.array(ZPlayAccount) });
export type TPlayAccounts = z.infer<typeof ZPlayAccounts>;

/**
 * R63: an email may belong to several participants (store users of several stores or brands, consumers of
 * several brands). The participant picks one; with no choice it is the first: store users before consumers,
 * each by id. A choice that is not one of the email's accounts picks nothing.
 */
export function chooseAccount<T extends TPlayAccountChoice>(
  accounts: readonly T[],
  choice: TPlayAccountChoice | undefined,
): T | null {
  const ordered = orderAccounts(accounts);
  if (!choice) return ordered[0] ?? null;
  return ordered.find((a) => a.kind === choice.kind && a.id === choice.id) ?? null;
}

export const ZParticipant = z.object({
  kind: z.enum(PARTICIPANT_KINDS),
  /** store_users.id or consumers.id (by kind). */
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  /** ISO 4217 code of the brand's currency: the participant's amounts are shown in it. */
  brandCurrency: z.string(),
  /** Store users only. */
  storeId: z.number().int().positive().nullable(),
  storeName: z.string().nullable(),
  /** The store's country (store users) or the consumer's. */
  countryCode: z.string().nullable(),
  /** The participant's chosen /play language and time zone (settings); null: follow the browser. */
  language: z.enum(PLAY_LANGUAGES).nullable(),
  timeZone: z.string().nullable(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

/** GET /api/play/me, and the answer of verify-code and sign-in. */
export const ZPlaySession = z.object({ participant: ZParticipant });
export type TPlaySession = z.infer<typeof ZPlaySession>;

// ——— campaigns ———

export const ZPlayContestInfo = z.object({
  type: z.enum(CONTEST_KINDS),
  rankLeadersBasedOn: z.enum(RANK_BASES),
  displayLeaderboard: z.boolean(),
  rulesUrl: z.string().nullable(),
});

export const ZPlayCampaignSummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CAMPAIGN_STATUSES),
  sharedCampaign: z.boolean(),
  startDate: ZEpochSeconds.nullable(),
  endDate: ZEpochSeconds.nullable(),
  timeZone: z.string(),
  missionCount: z.number().int().nonnegative(),
  rewardCount: z.number().int().nonnegative(),
  /** My accepted completions over all missions. */
  myCompletions: z.number().int().nonnegative(),
  /** Rewards I unlocked in this campaign. */
  myUnlocks: z.number().int().nonnegative(),
});
export type TPlayCampaignSummary = z.infer<typeof ZPlayCampaignSummary>;

/** GET /api/play/campaigns — active campaigns that reach me (scope / countries), newest first. */
export const ZPlayCampaignList = z.object({ items: z.array(ZPlayCampaignSummary) });
export type TPlayCampaignList = z.infer<typeof ZPlayCampaignList>;

/** What a participant sees of a mission item; a question never carries its correct answer. */
export const ZPlayMissionItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('question'),
    id: z.number().int(),
    title: z.string(),
    options: z.array(z.object({ id: z.string(), text: z.string() })),
  }),
  z.object({ kind: z.literal('option'), id: z.number().int(), title: z.string(), sku: z.string().nullable() }),
  z.object({
    kind: z.literal('field'),
    id: z.number().int(),
    title: z.string(),
    fieldType: z.enum(FORM_FIELD_TYPES),
    required: z.boolean(),
    choices: z.array(z.string()),
  }),
]);
export type TPlayMissionItem = z.infer<typeof ZPlayMissionItem>;

/** Which submission shape a mission takes (see ZPlayCompletionBody). */
export const PLAY_SUBMISSION_KINDS = ['learning', 'general', 'itemSold', 'contest'] as const;
export type TPlaySubmissionKind = (typeof PLAY_SUBMISSION_KINDS)[number];

export const ZPlayMission = z.object({
  campaignMissionId: z.number().int().positive(),
  missionId: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  type: z.enum(MISSION_TYPES),
  subtype: z.enum(MISSION_SUBTYPES),
  order: z.number().int(),
  /** The body kind to send for this mission. */
  submissionKind: z.enum(PLAY_SUBMISSION_KINDS),
  items: z.array(ZPlayMissionItem),
  /** Learning: correct answers needed to pass. */
  passingGrade: z.number().int().nullable(),
  /** A receipt photo is required and the entry waits for review (pending) before it counts. */
  receiptRequired: z.boolean(),
  maxEntriesPerUser: z.number().int().nonnegative().nullable(),
  maxEntriesPerStore: z.number().int().nonnegative().nullable(),
  /** How many more entries I may submit; null = unlimited. */
  entriesLeft: z.number().int().nonnegative().nullable(),
  myCompletions: z.object({
    accepted: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
  }),
  /** My latest rejected entry: when (epoch seconds) and why, as the reviewer wrote it (null when no reason was given). */
  lastRejection: z.object({ at: ZEpochSeconds, reason: z.string().nullable() }).nullable(),
  contest: ZPlayContestInfo.nullable(),
});
export type TPlayMission = z.infer<typeof ZPlayMission>;

export const ZPlayReward = z.object({
  id: z.number().int().positive(),
  type: z.enum(REWARD_TYPES),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  scope: z.enum(REWARD_SCOPES),
  /** Mission scope: the campaign mission it belongs to. */
  campaignMissionId: z.number().int().positive().nullable(),
  amountCents: ZCents.nullable(),
  percentageDiscount: z.number().int().nullable(),
  valueCents: ZCents.nullable(),
  completionsToUnlock: z.number().int().positive(),
  maxPerUser: z.number().int().nonnegative(),
  isUnlimited: z.boolean(),
  /** Code rewards: codes not yet issued; null for other types. */
  codesLeft: z.number().int().nonnegative().nullable(),
  /** Money / gift card: paid budget not yet spent; null for other types. */
  budgetLeftCents: ZCents.nullable(),
  /** Prizes: totalAvailable minus those assigned; null for other types. */
  prizesLeft: z.number().int().nonnegative().nullable(),
  /** Accepted completions in the reward's scope toward the next unlock. */
  myProgress: z.object({ accepted: z.number().int().nonnegative(), needed: z.number().int().positive() }),
  myUnlocked: z.number().int().nonnegative(),
  /** False once maxPerUser is reached or the reward ran out. */
  canStillUnlock: z.boolean(),
});
export type TPlayReward = z.infer<typeof ZPlayReward>;

/** GET /api/play/campaigns/{id} */
export const ZPlayCampaignDetail = z.object({
  campaign: ZPlayCampaignSummary,
  missions: z.array(ZPlayMission),
  rewards: z.array(ZPlayReward),
});
export type TPlayCampaignDetail = z.infer<typeof ZPlayCampaignDetail>;

// ——— completions ———

const ZUploadId = z.string().trim().min(1).max(64);

/** Learning: one answer per question (option id). Graded against the items; passed when score ≥ passingGrade. */
export const ZLearningSubmission = z
  .object({
    kind: z.literal('learning'),
    answers: z
      .array(z.object({ itemId: ZIdRef, optionId: z.string().min(1).max(20) }).strict())
      .min(1, { message: 'answer the questions' })
      .max(200),
  })
  .strict();

/** General (and consumer) form: one answer per field; a photo field's value is an upload id. */
export const ZGeneralSubmission = z
  .object({
    kind: z.literal('general'),
    answers: z
      .array(
        z.object({ itemId: ZIdRef, value: z.union([z.string().max(2000), z.number().finite(), z.null()]) }).strict(),
      )
      .max(200),
  })
  .strict();

const ZSoldItems = z
  .array(z.object({ itemId: ZIdRef, quantity: z.number().int().positive().max(1_000_000) }).strict())
  .max(200);

/** Item sold: items and quantities and/or a sales amount (cents); optional receipt photo (required when receiptRequired). */
export const ZItemSoldSubmission = z
  .object({
    kind: z.literal('itemSold'),
    items: ZSoldItems.default([]),
    salesAmountCents: z.number().int().nonnegative().max(1_000_000_000_00).optional(),
    receiptUploadId: ZUploadId.optional(),
  })
  .strict()
  .refine((b) => b.items.length > 0 || (b.salesAmountCents ?? 0) > 0, {
    message: 'enter the items sold or a sales amount',
    path: ['items'],
  });

/** Contest entry: one submission, with a sales amount for sales-ranked contests; items for itemSold contest missions. */
export const ZContestSubmission = z
  .object({
    kind: z.literal('contest'),
    items: ZSoldItems.default([]),
    salesAmountCents: z.number().int().nonnegative().max(1_000_000_000_00).optional(),
    receiptUploadId: ZUploadId.optional(),
  })
  .strict();

/**
 * POST /api/play/campaigns/{id}/missions/{campaignMissionId}/completions
 * Header Idempotency-Key required. `kind` must equal the mission's submissionKind.
 */
export const ZPlayCompletionBody = z.union([
  ZLearningSubmission,
  ZGeneralSubmission,
  ZItemSoldSubmission,
  ZContestSubmission,
]);
export type TPlayCompletionBody = z.infer<typeof ZPlayCompletionBody>;

export const ZPlayCompletionParams = z.object({
  id: ZIdParam,
  campaignMissionId: ZIdParam,
});

/** POST /api/play/uploads (multipart, one image field "file", ≤ 10 MB) → an id for receiptUploadId / photo fields. */
export const ZPlayUpload = z.object({ uploadId: z.string(), url: z.string() });
export type TPlayUpload = z.infer<typeof ZPlayUpload>;

/** The delivery form a prize winner fills. */
export const ZPrizeUserFormBody = z
  .object({
    fullName: z.string().trim().min(1, { message: 'required' }).max(100),
    phone: z.string().trim().min(5, { message: 'a phone number' }).max(30),
    addressLine1: z.string().trim().min(1, { message: 'required' }).max(200),
    addressLine2: z.string().trim().max(200).default(''),
    city: z.string().trim().min(1, { message: 'required' }).max(100),
    postalCode: z.string().trim().min(1, { message: 'required' }).max(20),
    countryCode: z.string().trim().toUpperCase().length(2, { message: 'a two-letter country code' }),
    notes: z.string().trim().max(500).default(''),
  })
  .strict();
export type TPrizeUserFormBody = z.infer<typeof ZPrizeUserFormBody>;
export const ZPrizeUserForm = ZPrizeUserFormBody.extend({
  formId: z.number().int().positive(),
  submittedAt: ZEpochSeconds,
});
export type TPrizeUserForm = z.infer<typeof ZPrizeUserForm>;

/** One issued reward (a claim or ledger row tied to the completion that caused it). */
export const ZPlayUnlock = z.object({
  unlockId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  campaignName: z.string(),
  rewardId: z.number().int().positive(),
  type: z.enum(REWARD_TYPES),
  title: z.string(),
  status: z.enum(UNLOCK_STATUSES),
  /** Code rewards: the revealed code. */
  code: z.string().nullable(),
  /** Money / gift card: the amount issued. */
  amountCents: ZCents.nullable(),
  linkToShop: z.string().nullable(),
  finePrint: z.string().nullable(),
  completionId: z.number().int().positive().nullable(),
  createdAt: ZEpochSeconds,
  /** Prizes: the delivery form I filled (null until filled); always null for other types. */
  prizeForm: ZPrizeUserForm.nullable(),
});
export type TPlayUnlock = z.infer<typeof ZPlayUnlock>;

export const ZPlayCompletion = z.object({
  id: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  campaignMissionId: z.number().int().positive(),
  status: z.enum(COMPLETION_STATUSES),
  /** Learning only. */
  score: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  salesAmountCents: ZCents,
  createdAt: ZEpochSeconds,
});
export type TPlayCompletion = z.infer<typeof ZPlayCompletion>;

/** The answer to a completion submit (201; a replayed Idempotency-Key answers the same body with 200 and replayed true). */
export const ZPlayCompletionResult = z.object({
  completion: ZPlayCompletion,
  /** Rewards this completion unlocked (empty while pending). */
  unlocked: z.array(ZPlayUnlock),
  /** Entries I have left on this mission after this one; null = unlimited. */
  entriesLeft: z.number().int().nonnegative().nullable(),
  replayed: z.boolean(),
});
export type TPlayCompletionResult = z.infer<typeof ZPlayCompletionResult>;

/** GET /api/play/rewards — everything I unlocked, newest first. */
export const ZPlayMyRewards = z.object({
  items: z.array(ZPlayUnlock),
  moneyEarnedCents: ZCents,
});
export type TPlayMyRewards = z.infer<typeof ZPlayMyRewards>;

/** POST /api/play/rewards/{unlockId}/prize-form — body ZPrizeUserFormBody; answers the unlock. */
export const ZPlayUnlockParams = z.object({ unlockId: ZIdParam });

// ——— ranks ———

/** A leaderboard row; fields the contest's display flags hide are null. */
export const ZRankRow = z.object({
  rank: z.number().int().positive(),
  /** The store user ranked (user contests); null in store contests. */
  userId: z.number().int().positive().nullable(),
  userName: z.string().nullable(),
  /** The store ranked (store contests), or the user's store when store info is shown. */
  storeId: z.number().int().positive().nullable(),
  storeName: z.string().nullable(),
  submissions: z.number().int().nonnegative().nullable(),
  salesAmountCents: ZCents.nullable(),
});
export type TRankRow = z.infer<typeof ZRankRow>;

/** GET /api/play/campaigns/{id}/rank — my rank in the campaign's contest, with the top rows. */
export const ZPlayRankQuery = z.object({ top: zQueryInt(0, 50).default(10) }).strict();
export const ZPlayRank = z.object({
  contest: ZPlayContestInfo,
  /** My row (my store's row in store contests); null before my first accepted entry. */
  me: ZRankRow.nullable(),
  top: z.array(ZRankRow),
  totalRanked: z.number().int().nonnegative(),
});
export type TPlayRank = z.infer<typeof ZPlayRank>;

// ——— dashboard calls (product rule R62) ———

/** POST /api/v4/bundle/{id}/contest-rank-data */
export const ZContestRankFilters = z
  .object({
    storeIds: z.array(ZIdRef).max(500).optional(),
    groupIds: z.array(ZIdRef).max(500).optional(),
    countryCodes: z.array(z.string().trim().toUpperCase().length(2)).max(300).optional(),
    /** Inclusive range of completion instants (epoch seconds). */
    from: ZEpochSeconds.optional(),
    to: ZEpochSeconds.optional(),
    /** A campaign with several contest missions: which one (default: the first). */
    campaignMissionId: ZIdRef.optional(),
  })
  .strict()
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export const ZContestRankDataBody = z
  .object({
    filters: ZContestRankFilters.default({}),
    currentPage: z.number().int().positive().max(1_000_000).default(1),
    perPage: z.number().int().positive().max(100).default(20),
  })
  .strict();
export type TContestRankDataBody = z.infer<typeof ZContestRankDataBody>;
export const ZContestRankData = z.object({
  contest: ZPlayContestInfo.extend({
    campaignMissionId: z.number().int().positive(),
    displayLeadersByUserInfo: z.boolean(),
    displayLeadersByStoreInfo: z.boolean(),
    displayLeadersByNumberSubmissions: z.boolean(),
    displayLeadersByTotalSalesAmount: z.boolean(),
  }),
  items: z.array(ZRankRow),
  _meta: ZPageMeta,
});
export type TContestRankData = z.infer<typeof ZContestRankData>;

export const ZPrizeWinner = z.object({
  unlockId: z.number().int().positive(),
  status: z.enum(UNLOCK_STATUSES),
  userId: z.number().int().positive().nullable(),
  userName: z.string().nullable(),
  storeId: z.number().int().positive().nullable(),
  storeName: z.string().nullable(),
  assignedAt: ZEpochSeconds.nullable(),
  /** The dashboard user who assigned it (their id, as assign-prize takes it). */
  assignedBy: z.string().nullable(),
  /** Their name, for people to read. */
  assignedByName: z.string().nullable(),
  formId: z.number().int().positive().nullable(),
  createdAt: ZEpochSeconds,
});
export type TPrizeWinner = z.infer<typeof ZPrizeWinner>;

/** GET /api/v4/bundle/{id}/prize-list — the campaign's prizes with their candidates (awaiting) and winners (assigned). */
export const ZPrizeListItem = z.object({
  rewardId: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  valueCents: ZCents.nullable(),
  totalAvailable: z.number().int().nonnegative(),
  assigned: z.number().int().nonnegative(),
  unlocks: z.array(ZPrizeWinner),
});
export type TPrizeListItem = z.infer<typeof ZPrizeListItem>;
export const ZPrizeList = z.object({ items: z.array(ZPrizeListItem) });
export type TPrizeList = z.infer<typeof ZPrizeList>;

/**
 * POST /api/reward/write/assign-prize — assigns a prize to a winner, once. With unlockId, that awaiting
 * unlock becomes assigned; without, a new assigned unlock is made for userId (a store user of the brand).
 * unitId: the winner's store (checked when given); assignedBy is recorded from the session, a differing one is refused;
 * formId: an existing user form of that unlock.
 */
export const ZAssignPrizeBody = z
  .object({
    rewardId: ZIdRef,
    userId: ZIdRef,
    unitId: ZIdRef.nullable().optional(),
    assignedBy: z.string().max(100).nullable().optional(),
    unlockId: ZIdRef.nullable().optional(),
    formId: ZIdRef.nullable().optional(),
  })
  .strict();
export type TAssignPrizeBody = z.infer<typeof ZAssignPrizeBody>;
export const ZAssignPrizeResult = z.object({ rewardId: z.number().int().positive(), winner: ZPrizeWinner });
export type TAssignPrizeResult = z.infer<typeof ZAssignPrizeResult>;

/** POST /api/reward/read/prize/user-form */
export const ZPrizeUserFormQueryBody = z.object({ unlockId: ZIdRef, rewardId: ZIdRef, userId: ZIdRef }).strict();
export const ZPrizeUserFormResult = z.object({
  unlockId: z.number().int().positive(),
  rewardId: z.number().int().positive(),
  userId: z.number().int().positive(),
  form: ZPrizeUserForm.nullable(),
});
export type TPrizeUserFormResult = z.infer<typeof ZPrizeUserFormResult>;

/** An email's accounts in the order they are offered; the first is the default (R63). */
export const orderAccounts = <T extends TPlayAccountChoice>(accounts: readonly T[]): T[] =>
  [...accounts].sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'store_user' ? -1 : 1));
