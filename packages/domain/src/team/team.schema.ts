import { z } from 'zod';
import { MEMBER_ROLES, type TMemberRole } from '../auth/permissions.js';

/** An invitation's link works this long. */
export const INVITATION_TTL_DAYS = 7;
/** Invitation mails one brand may send in a UTC day (new invitations and resends): the mailer is not a spam cannon. */
export const INVITATIONS_PER_DAY = 100;

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type TInvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Only an owner makes an owner: inviting one, or giving a member the role. */
export function mayGrantRole(granter: TMemberRole, role: TMemberRole): boolean {
  return role !== 'owner' || granter === 'owner';
}

/** Only an owner changes or removes an owner. */
export function mayChangeMember(granter: TMemberRole, memberRole: TMemberRole): boolean {
  return memberRole !== 'owner' || granter === 'owner';
}

const ZRole = z.enum(MEMBER_ROLES, { message: `one of ${MEMBER_ROLES.join(', ')}` });

export const ZInviteBody = z
  .object({
    email: z
      .string({ message: 'required' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'a valid email address' }).max(254, { message: 'at most 254 characters' })),
    role: ZRole,
  })
  .strict();
export type TInviteBody = z.input<typeof ZInviteBody>;

export const ZTeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string().nullable(),
  /** Epoch seconds. */
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;
export const ZTeamInvitationList = z.object({ items: z.array(ZTeamInvitation) });

export const ZMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** Epoch seconds. */
  joinedAt: z.number().int(),
  isMe: z.boolean(),
});
export type TMember = z.infer<typeof ZMember>;
export const ZMemberList = z.object({ items: z.array(ZMember) });

export const ZChangeRoleBody = z.object({ role: ZRole }).strict();

/** An invitation token as the link carries it (base64url, 32 bytes). */
export const ZInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'an invitation link token' });

/** GET /api/team/invitations/by-token/:token: what the accept page shows (the token holder got the mail). */
export const ZInvitationPreview = z.object({
  brandName: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  invitedBy: z.string().nullable(),
  expiresAt: z.number().int(),
  /** The invited address has an account already: sign in to accept rather than create one. */
  hasAccount: z.boolean(),
  /** The address of the person signed in on this browser, if any: the page offers to join, or to switch account. */
  signedInAs: z.string().nullable(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/** Accepting without an account: the mail proved the address; the account is created with this name and password. */
export const ZAcceptWithAccountBody = z
  .object({
    name: z
      .string({ message: 'required' })
      .trim()
      .min(1, { message: 'required' })
      .max(100, { message: 'at most 100 characters' }),
    password: z
      .string({ message: 'required' })
      .min(8, { message: 'at least 8 characters' })
      .max(128, { message: 'at most 128 characters' }),
  })
  .strict();
export type TAcceptWithAccountBody = z.input<typeof ZAcceptWithAccountBody>;

export const ZAcceptedInvitation = z.object({
  brandId: z.string(),
  brandName: z.string(),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
});
