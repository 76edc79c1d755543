import { z } from 'zod';
import { ZIdParam } from '../shared/limits.js';
import { ZEpochSeconds, ZPageQuery, zPaged } from '../shared/api-schemas.js';
import { ZMediaResult, ZMediaResultBody } from '../shared/media.schema.js';
import { LIMITS } from '../shared/constants.js';
import { FORM_FIELD_TYPES, MISSION_ITEM_KINDS, MISSION_STATUSES, MISSION_SUBTYPES, MISSION_TYPES } from './mission-enums.js';

export const ZQuestionData = z
  .object({
    options: z
      .array(z.object({ id: z.string().min(1).max(20), text: z.string().trim().min(1).max(200) }).strict())
      .min(2, { message: 'at least two options' })
      .max(6, { message: 'at most six options' }),
    correctOptionId: z.string().min(1, { message: 'choose the correct answer' }),
  })
  .strict()
  .refine((d) => d.options.some((o) => o.id === d.correctOptionId), {
    message: 'the correct answer must be one of the options',
    path: ['correctOptionId'],
  })
  .refine((d) => new Set(d.options.map((o) => o.id)).size === d.options.length, {
    message: 'option ids must differ',
    path: ['options'],
  });

export const ZOptionData = z.object({ sku: z.string().trim().max(64).optional() }).strict();

export const ZFieldData = z
  .object({
    fieldType: z.enum(FORM_FIELD_TYPES),
    required: z.boolean(),
    choices: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  })
  .strict()
  .refine((d) => d.fieldType !== 'choice' || (d.choices?.length ?? 0) >= 2, {
    message: 'a choice field needs at least two choices',
    path: ['choices'],
  });

const ZItemTitle = z.string().trim().min(1, { message: 'required' }).max(300);

/** One item of a mission, by kind: quiz question (learning), survey option (itemSold), form field (general). */
export const ZMissionItemBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('question'), title: ZItemTitle, data: ZQuestionData }).strict(),
  z.object({ kind: z.literal('option'), title: ZItemTitle, data: ZOptionData.default({}) }).strict(),
  z.object({ kind: z.literal('field'), title: ZItemTitle, data: ZFieldData }).strict(),
]);
export type TMissionItemBody = z.infer<typeof ZMissionItemBody>;

export const ZMissionItem = z.object({
  id: z.number().int(),
  missionId: z.number().int(),
  kind: z.enum(MISSION_ITEM_KINDS),
  title: z.string(),
  order: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  inUse: z.boolean(),
  inUseBy: z.array(z.object({ rewardId: z.number().int(), title: z.string(), bundleId: z.number().int() })),
});
export type TMissionItem = z.infer<typeof ZMissionItem>;

export const ZMission = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  media: ZMediaResult.nullable(),
  type: z.enum(MISSION_TYPES),
  subtype: z.enum(MISSION_SUBTYPES),
  status: z.enum(MISSION_STATUSES),
  isCompleteFill: z.boolean(),
  itemCount: z.number().int().nonnegative(),
  createdAt: ZEpochSeconds,
  updatedAt: ZEpochSeconds,
});
export type TMission = z.infer<typeof ZMission>;

const missionFields = {
  title: z.string().trim().min(1, { message: 'required' }).max(LIMITS.missionTitle),
  description: z.string().trim().max(1000),
  type: z.enum(MISSION_TYPES),
  subtype: z.enum(MISSION_SUBTYPES),
  media: ZMediaResultBody.nullable(),
};

export const ZMissionBody = z
  .object({
    ...missionFields,
    description: missionFields.description.default(''),
    subtype: missionFields.subtype.default('standard'),
    media: missionFields.media.default(null),
  })
  .strict();
export type TMissionBody = z.infer<typeof ZMissionBody>;
/** Only the fields sent change: no defaults here (zod's .partial() would keep the create defaults and wipe fields). */
export const ZMissionUpdateBody = z.object(missionFields).partial().strict();

export const ZMissionListQuery = ZPageQuery.extend({
  filter: z.string().trim().max(100).optional(),
  type: z.enum(MISSION_TYPES).optional(),
  status: z.enum(MISSION_STATUSES).optional(),
}).strict();
export const ZMissionList = zPaged(ZMission);

/** Missions a campaign may take (GET /api/v3/bundle/{id}/available-missions?type=). */
export const ZAvailableMissionsQuery = ZPageQuery.extend({
  type: z.enum(MISSION_TYPES).optional(),
  filter: z.string().trim().max(100).optional(),
  /** The mission currently chosen in the wizard stays selectable even when in use. */
  current: ZIdParam.optional(),
}).strict();
export const ZAvailableMission = ZMission.extend({ selectable: z.boolean() });
export const ZAvailableMissions = zPaged(ZAvailableMission);

export const ZItemOrderBody = z.object({ order: z.number().int().min(0).max(10_000) }).strict();
export const ZMissionItemParams = z.object({
  id: ZIdParam,
  itemId: ZIdParam,
});
