import { mayChangeMember, type TMemberRole } from '@rally/domain';
import { forbidden, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { lastOwner } from './change-member-role.js';
import { countOwners, deleteMember, findMember, findMemberByUser, lockBrand } from './team.repository.js';
import type { TeamDeps } from './team-deps.js';

/**
 * Removes a member (never the last owner; only an owner removes an owner). Their sessions lose the brand at once:
 * those cached here are forgotten, and the lookup reads the memberships again on every miss.
 */
export async function removeMember(deps: TeamDeps, actor: RequestActor, memberId: string) {
  requirePermission(actor, 'team:manage');
  const removed = await deps.db.transaction(async (tx) => {
    await lockBrand(tx, actor.brandId);
    const member = await findMember(tx, actor.brandId, memberId);
    if (!member) throw notFound('Member');
    const role = member.role as TMemberRole;
    if (!mayChangeMember(actor.role, role)) throw forbidden('Only an owner may remove an owner');
    if (role === 'owner' && (await countOwners(tx, actor.brandId)) <= 1)
      throw lastOwner('The last owner cannot be removed');
    await deleteMember(tx, actor.brandId, member);
    const self = member.userId === actor.userId;
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: self ? 'member.left' : 'member.removed',
      subject: { type: 'member', id: member.userId, label: member.email },
      changes: [{ field: 'role', old: role, new: null }],
    });
    return member;
  });
  deps.evictSessionsOf(removed.userId);
}

/** The signed-in member leaves the current brand (the last owner may not: 409). */
export async function leaveBrand(deps: TeamDeps, actor: RequestActor) {
  await deps.db.transaction(async (tx) => {
    await lockBrand(tx, actor.brandId);
    const member = await findMemberByUser(tx, actor.brandId, actor.userId);
    if (!member) throw notFound('Member');
    if (member.role === 'owner' && (await countOwners(tx, actor.brandId)) <= 1)
      throw lastOwner('The last owner cannot leave');
    await deleteMember(tx, actor.brandId, member);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'member.left',
      subject: { type: 'member', id: member.userId, label: member.email },
      changes: [{ field: 'role', old: member.role, new: null }],
    });
  });
  deps.evictSessionsOf(actor.userId);
}
