import { z } from 'zod';
import { ZIdParam } from '../shared/limits.js';

/**
 * Join by store code (issue 30, decision 0025): each approved store has a secret join code in a link and a QR
 * poster; a newcomer signs up in /play with it and waits, pending, until the store's brand approves (or the brand
 * lets everyone in at once). A store manager enters a sale or mission for a colleague of the same store.
 */

/** The /play path of a store's join link: `${PUBLIC_URL}${STORE_JOIN_PATH}/<code>`. */
export const STORE_JOIN_PATH = '/play/join';
/** The waiting newcomer's /play cookie (a token for their request's status; they have no /play session yet). */
export const STORE_JOIN_COOKIE = 'rally_play_join';
/** A join code: 16 random bytes in base64url, 22 characters. */
export const STORE_JOIN_CODE_LENGTH = 22;

export const ZStoreJoinCode = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${STORE_JOIN_CODE_LENGTH}}$`), { message: 'not a store join code' });

const ZEmail = z.string().trim().toLowerCase().email({ message: 'a valid email' }).max(254);

/** POST /api/play/join/request-code: the same answer whether or not the code names a store (nothing leaks). */
export const ZStoreJoinRequestCodeBody = z.object({ storeCode: ZStoreJoinCode, email: ZEmail }).strict();
export type TStoreJoinRequestCodeBody = z.infer<typeof ZStoreJoinRequestCodeBody>;

/** POST /api/play/join/verify: the mailed code proves the email; the newcomer is then pending (or in). */
export const ZStoreJoinVerifyBody = z
  .object({
    storeCode: ZStoreJoinCode,
    email: ZEmail,
    code: z.string().trim().regex(/^\d{6}$/, { message: 'six digits' }),
    name: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'at most 100 characters' }),
  })
  .strict();
export type TStoreJoinVerifyBody = z.infer<typeof ZStoreJoinVerifyBody>;

/** Where a join stands: waiting, in (active), refused, or the person was deactivated by the store's brand. */
export const STORE_JOIN_STATUSES = ['pending', 'active', 'rejected', 'inactive'] as const;
export type TStoreJoinStatus = (typeof STORE_JOIN_STATUSES)[number];

/** The answer of verify and GET /api/play/join/status (the waiting page). */
export const ZStoreJoinState = z.object({
  status: z.enum(STORE_JOIN_STATUSES),
  name: z.string(),
  storeName: z.string(),
  brandName: z.string(),
});
export type TStoreJoinState = z.infer<typeof ZStoreJoinState>;

// ——— dashboard ———

export const ZStoreJoinLinkParams = z.object({ id: ZIdParam });

/** GET /api/stores/:id/join-link (made on first read), POST …/rotate (a new code; the old link stops working). */
export const ZStoreJoinLink = z.object({
  storeId: z.number().int().positive(),
  code: z.string(),
  url: z.string(),
});
export type TStoreJoinLink = z.infer<typeof ZStoreJoinLink>;

/** GET/PUT /api/store-join/settings: auto-approve lets newcomers in without a decision. */
export const ZStoreJoinSettings = z.object({ autoApprove: z.boolean() }).strict();
export type TStoreJoinSettings = z.infer<typeof ZStoreJoinSettings>;

export const ZStoreJoinRequestListQuery = z
  .object({ status: z.enum(['pending', 'decided']).default('pending') })
  .strict();

export const ZStoreJoinRequestItem = z.object({
  storeUserId: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  storeId: z.number().int().positive(),
  storeName: z.string(),
  status: z.enum(STORE_JOIN_STATUSES),
  /** Epoch seconds. */
  requestedAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  autoApproved: z.boolean(),
});
export type TStoreJoinRequestItem = z.infer<typeof ZStoreJoinRequestItem>;
export const ZStoreJoinRequestList = z.object({ items: z.array(ZStoreJoinRequestItem) });
export type TStoreJoinRequestList = z.infer<typeof ZStoreJoinRequestList>;

export const ZStoreJoinRequestParams = z.object({ storeUserId: ZIdParam });
export const ZStoreJoinDecisionBody = z.object({ decision: z.enum(['approve', 'refuse']) }).strict();
export type TStoreJoinDecisionBody = z.infer<typeof ZStoreJoinDecisionBody>;

// ——— a manager's entry for a colleague (/play) ———

/** GET /api/play/colleagues: the active staff of my store a manager may enter for (not the manager). */
export const ZPlayColleagues = z.object({
  colleagues: z.array(z.object({ id: z.number().int().positive(), name: z.string(), role: z.string() })),
});
export type TPlayColleagues = z.infer<typeof ZPlayColleagues>;

export const ZColleagueCompletionParams = z.object({ colleagueId: ZIdParam, id: ZIdParam, campaignMissionId: ZIdParam });
