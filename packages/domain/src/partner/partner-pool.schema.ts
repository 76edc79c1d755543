import { z } from 'zod';
import { ZIdParam } from '../shared/limits.js';

/**
 * A retailer's partner pool (issue 28): pending (invited, not answered), approved (offered by the partner select),
 * declined (the brand said no), removed (the retailer took it out, or withdrew the invitation).
 */
export const PARTNER_POOL_STATUSES = ['pending', 'approved', 'declined', 'removed'] as const;
export type TPartnerPoolStatus = (typeof PARTNER_POOL_STATUSES)[number];

/** How long an invitation (and its link) stays open. */
export const PARTNER_INVITE_TTL_DAYS = 14;
/** Invitations one retailer may send in 24 hours (re-invitations count). */
export const PARTNER_INVITES_PER_DAY = 20;

export const PARTNER_POOL_MESSAGES = {
  email: 'Enter a valid email address',
  notRetailer: 'Only a retailer has a partner pool',
  expired: 'This invitation has expired; ask the retailer to invite you again',
  answered: 'This invitation is already answered',
  ownBrand: 'A brand cannot be its own partner',
  notRemovable: 'Only a pending or approved partner can be removed',
  tooMany: 'Too many invitations today; try again tomorrow',
} as const;

/** The invite form: one email (the same form and schema in the browser and on the server). */
export const ZPartnerInviteBody = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { message: PARTNER_POOL_MESSAGES.email })
      .pipe(z.email({ message: PARTNER_POOL_MESSAGES.email })),
  })
  .strict();
export type TPartnerInviteBody = z.infer<typeof ZPartnerInviteBody>;

/** The same answer whether the email has an account or not. */
export const ZPartnerInviteResult = z.object({ status: z.literal('invited'), email: z.string() });

const ZInstant = z.string().nullable();

/** One row of the retailer's pool. The brand is named only once it accepted (never while merely invited). */
export const ZPartnerPoolEntry = z.object({
  id: z.number().int(),
  status: z.enum(PARTNER_POOL_STATUSES),
  brandId: z.string().nullable(),
  brandName: z.string().nullable(),
  brandLogoUrl: z.string().nullable(),
  invitedEmail: z.string().nullable(),
  /** A pending invitation whose link has expired (re-invite to send a new one). */
  expired: z.boolean(),
  invitedAt: ZInstant,
  respondedAt: ZInstant,
  removedAt: ZInstant,
});
export type TPartnerPoolEntry = z.infer<typeof ZPartnerPoolEntry>;
export const ZPartnerPool = z.object({ items: z.array(ZPartnerPoolEntry) });
export type TPartnerPool = z.infer<typeof ZPartnerPool>;

/** A pending invitation addressed to my brand or to my (verified) email. */
export const ZPartnerInvitation = z.object({
  id: z.number().int(),
  retailer: z.object({ brandId: z.string(), brandName: z.string(), brandLogoUrl: z.string().nullable() }),
  invitedEmail: z.string().nullable(),
  /** brand: addressed to the current brand; email: to my email, before any brand of mine answered. */
  addressedTo: z.enum(['brand', 'email']),
  invitedAt: ZInstant,
  expiresAt: ZInstant,
});
export type TPartnerInvitation = z.infer<typeof ZPartnerInvitation>;
export const ZPartnerInvitationList = z.object({ items: z.array(ZPartnerInvitation) });
export type TPartnerInvitationList = z.infer<typeof ZPartnerInvitationList>;

export const ZPartnerPoolParams = z.object({ id: ZIdParam });

/** Answering with the mailed link's token (single use). */
export const ZPartnerTokenAnswerBody = z
  .object({
    token: z.string().min(16, { message: 'the invitation link is incomplete' }).max(200, { message: 'the invitation link is invalid' }),
    answer: z.enum(['accept', 'decline']),
  })
  .strict();

export const ZPartnerAnswerResult = z.object({ id: z.number().int(), status: z.enum(PARTNER_POOL_STATUSES), retailerName: z.string() });
