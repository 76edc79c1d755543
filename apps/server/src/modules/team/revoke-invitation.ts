import { mayGrantRole, type TMemberRole } from '@rally/domain';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordActivity, userActor } from '../activity/index.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { toInvitation } from './list-team.js';
import { findInvitation, lockBrand, revokeInvitationRow } from './team.repository.js';
import type { TeamDeps } from './team-deps.js';

/** Revokes an open invitation: its link stops working at once (the token is forgotten). */
export async function revokeInvitation(deps: TeamDeps, actor: RequestActor, invitationId: string) {
  requirePermission(actor, 'team:manage');
  return deps.db.transaction(async (tx) => {
    await lockBrand(tx, actor.brandId);
    const found = await findInvitation(tx, actor.brandId, invitationId);
    if (!found) throw notFound('Invitation');
    if (!mayGrantRole(actor.role, (found.role ?? 'campaign_manager') as TMemberRole))
      throw forbidden('Only an owner may revoke an invitation of an owner');
    const revoked = await revokeInvitationRow(tx, found.id);
    if (!revoked) throw conflict(`This invitation was ${found.status === 'accepted' ? 'accepted' : 'revoked'} already`);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'invitation.revoked',
      subject: { type: 'invitation', id: found.id, label: found.email },
    });
    return toInvitation(revoked, null);
  });
}
