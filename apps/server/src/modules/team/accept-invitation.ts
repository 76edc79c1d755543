import { ERROR_CODES, isMemberRole, type TInvitationPreview, type TMemberRole } from '@rally/domain';
import { appError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { hashPassword, type RequestUser } from '../auth/index.js';
import { hashInvitationToken } from './invitation-token.js';
import { invitationStatus } from './list-team.js';
import {
  consumeInvitation,
  findInvitationByToken,
  findUserByEmail,
  insertMember,
  insertVerifiedUser,
  lockBrand,
  setSessionBrand,
  type InvitationRow,
} from './team.repository.js';
import type { TeamDeps } from './team-deps.js';
import { epochSeconds } from './team-deps.js';

const roleOf = (row: InvitationRow): TMemberRole =>
  row.role && isMemberRole(row.role) ? row.role : 'campaign_manager';

/** The link's invitation if it can still be accepted: unknown is a 404; used, revoked or expired a 410. */
async function usableInvitation(deps: TeamDeps, token: string) {
  const found = await findInvitationByToken(deps.db, hashInvitationToken(token));
  if (!found) throw notFound('Invitation');
  const status = invitationStatus(found.invitation);
  if (status !== 'pending') {
    const why = status === 'accepted' ? 'was used already' : status === 'revoked' ? 'was revoked' : 'has expired';
    throw appError(ERROR_CODES.linkExpired, `This invitation link ${why}; ask for a new invitation`);
  }
  return found;
}

/**
 * What the accept page shows. Only the holder of the link sees it — the mail went to the address — so telling them
 * whether the address has an account (sign in, or create one) reveals nothing they do not own.
 */
export async function previewInvitation(deps: TeamDeps, token: string, signedInAs: string | null): Promise<TInvitationPreview> {
  const { invitation, brandName, inviterName } = await usableInvitation(deps, token);
  return {
    brandName,
    email: invitation.email,
    role: roleOf(invitation),
    invitedBy: inviterName,
    expiresAt: epochSeconds(invitation.expiresAt),
    hasAccount: (await findUserByEmail(deps.db, invitation.email)) !== undefined,
    signedInAs,
  };
}

/** A signed-in person whose address is the invited one joins; the brand becomes their session's current brand. */
export async function acceptInvitation(deps: TeamDeps, user: RequestUser, token: string) {
  const { invitation } = await usableInvitation(deps, token);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden(`This invitation is for another address; sign in as ${invitation.email} to accept it`);
  }
  return join(
    deps,
    { userId: user.userId, userName: user.userName, email: user.email, sessionId: user.sessionId },
    token,
  );
}

/**
 * Someone without an account accepts: the account is created already verified (the mail proved the address) with
 * the name and password given, and joins. An address that has an account must sign in and accept instead (409).
 */
export async function acceptWithNewAccount(deps: TeamDeps, token: string, input: { name: string; password: string }) {
  const { invitation } = await usableInvitation(deps, token);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const hasAccount = () => conflict('This address has an account: sign in, then accept the invitation');
    if (await findUserByEmail(tx, invitation.email)) throw hasAccount();
    const userId = await insertVerifiedUser(tx, {
      email: invitation.email.toLowerCase(),
      name: input.name.trim(),
      passwordHash,
    });
    if (!userId) throw hasAccount();
    return joinIn(tx, { userId, userName: input.name.trim(), email: invitation.email, sessionId: null }, token);
  });
}

interface Joiner {
  userId: string;
  userName: string;
  email: string;
  sessionId: string | null;
}

async function join(deps: TeamDeps, joiner: Joiner, token: string) {
  const result = await deps.db.transaction((tx) => joinIn(tx, joiner, token));
  deps.evictSessionsOf(joiner.userId);
  return result;
}

async function joinIn(tx: Parameters<Parameters<TeamDeps['db']['transaction']>[0]>[0], joiner: Joiner, token: string) {
  const used = await consumeInvitation(tx, hashInvitationToken(token), joiner.userId);
  // Another request used the link meanwhile, or its time ran out in between.
  if (!used)
    throw appError(
      ERROR_CODES.linkExpired,
      'This invitation link was used already or has expired; ask for a new invitation',
    );
  const brand = await lockBrand(tx, used.organizationId);
  if (!brand) throw notFound('Brand');
  const role = roleOf(used);
  if (!(await insertMember(tx, used.organizationId, joiner.userId, role)))
    throw conflict('You are a member of this brand already');
  await recordActivity(tx, {
    brandId: used.organizationId,
    actor: userActor(joiner),
    action: 'member.joined',
    subject: { type: 'member', id: joiner.userId, label: joiner.email },
    changes: [{ field: 'role', old: null, new: role }],
  });
  if (joiner.sessionId) await setSessionBrand(tx, joiner.sessionId, used.organizationId);
  return { brandId: used.organizationId, brandName: brand.name, role, email: used.email };
}
