import { ERROR_CODES, mayChangeMember, mayGrantRole, type TMemberRole } from '@rally/domain';
import { appError, forbidden, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toMember } from './list-team.js';
import { countOwners, findMember, lockBrand, setMemberRole } from './team.repository.js';
import type { TeamDeps } from './team-deps.js';

export const lastOwner = (what: string) =>
  appError(ERROR_CODES.lastOwner, `${what}: a brand keeps at least one owner; make another member owner first`);

/** Gives a member another role. Only an owner makes, or unmakes, an owner; the last owner keeps the role (409). */
export async function changeMemberRole(deps: TeamDeps, actor: RequestActor, memberId: string, role: TMemberRole) {
  requirePermission(actor, 'team:manage');
  const result = await deps.db.transaction(async (tx) => {
    await lockBrand(tx, actor.brandId);
    const member = await findMember(tx, actor.brandId, memberId);
    if (!member) throw notFound('Member');
    const old = member.role as TMemberRole;
    if (!mayGrantRole(actor.role, role)) throw forbidden('Only an owner may make an owner');
    if (!mayChangeMember(actor.role, old)) throw forbidden("Only an owner may change an owner's role");
    if (old === role) return { member, changed: false };
    if (old === 'owner' && (await countOwners(tx, actor.brandId)) <= 1)
      throw lastOwner('The last owner cannot change role');
    await setMemberRole(tx, member.id, role);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'member.role_changed',
      subject: { type: 'member', id: member.userId, label: member.email },
      changes: [{ field: 'role', old, new: role }],
    });
    return { member: { ...member, role }, changed: true };
  });
  // Their cached sessions carry the old role's permissions.
  if (result.changed) deps.evictSessionsOf(result.member.userId);
  return toMember(result.member, actor);
}
