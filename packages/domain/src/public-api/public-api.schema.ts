import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { ZIdRef, ZIdParam, zQueryInt } from '../shared/limits.js';
import { CREATE_DRAFT_TYPES } from '../campaign/campaign-enums.js';
import { ZCampaign } from '../campaign/campaign.schema.js';
import { ZLaunchFormBody } from '../launch/launch-form.schema.js';
import { ZPlayCompletionBody } from '../play/play.schema.js';

/**
 * The public API (/api/v1, called with a brand's API key). Lists page by an opaque cursor: the answer's
 * `nextCursor` is sent back as `cursor` for the next page, null on the last one.
 */
export const V1_PAGE_SIZE = { default: 50, max: 200 } as const;

export const ZV1PageQuery = z
  .object({
    cursor: z.string().max(200).regex(/^[A-Za-z0-9_-]+$/, { message: 'a cursor from a previous page' }).optional(),
    limit: zQueryInt(1, V1_PAGE_SIZE.max).optional(),
  })
  .strict();
export type TV1PageQuery = z.infer<typeof ZV1PageQuery>;

export function zV1Page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const ZV1CampaignPage = zV1Page(ZCampaign);

/** A new draft from a template (a campaign type's starting settings) or a copy of one of the brand's campaigns. */
export const ZV1CreateCampaignBody = z.union([
  z.object({ template: z.enum(CREATE_DRAFT_TYPES) }).strict(),
  z.object({ copyOf: ZIdRef }).strict(),
]);
export type TV1CreateCampaignBody = z.infer<typeof ZV1CreateCampaignBody>;

/** Launch or schedule: the dashboard's launch form without the campaign id (it is in the path). */
export const ZV1LaunchBody = ZLaunchFormBody.omit({ bundleId: true, reach: true });
export type TV1LaunchBody = z.infer<typeof ZV1LaunchBody>;

export const ZV1Participant = z.object({ kind: z.enum(['store_user', 'consumer']), id: ZIdRef }).strict();

/** A completion entered on a participant's behalf: the same submission /play sends, for one campaign mission. */
export const ZV1CompletionBody = z
  .object({
    participant: ZV1Participant,
    campaignId: ZIdRef,
    campaignMissionId: ZIdRef,
    submission: ZPlayCompletionBody,
  })
  .strict();
export type TV1CompletionBody = z.infer<typeof ZV1CompletionBody>;

export const ZV1UnlocksQuery = ZV1PageQuery.extend({ campaignId: ZIdParam.optional() }).strict();
export type TV1UnlocksQuery = z.infer<typeof ZV1UnlocksQuery>;

/** A reward a participant unlocked, with the code issued (null for rewards without codes). */
export const ZV1Unlock = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  rewardId: z.number().int(),
  participant: z.object({ kind: z.enum(['store_user', 'consumer']), id: z.number().int() }).nullable(),
  completionId: z.number().int().nullable(),
  code: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  unlockedAt: ZEpochSeconds,
});
export type TV1Unlock = z.infer<typeof ZV1Unlock>;
export const ZV1UnlockPage = zV1Page(ZV1Unlock);
