import { isMemberRole, type TMember, type TTeamInvitation, type TInvitationStatus } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { listInvitations, listMembers, type InvitationRow, type MemberRow } from './team.repository.js';
import { epochSeconds } from './team-deps.js';

export function toMember(row: MemberRow, actor: { userId: string }): TMember {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: isMemberRole(row.role) ? row.role : 'campaign_manager',
    joinedAt: epochSeconds(row.createdAt),
    isMe: row.userId === actor.userId,
  };
}

/** pending until the link's time is up (then expired); better-auth's canceled and rejected read as revoked. */
export function invitationStatus(row: InvitationRow, now = Date.now()): TInvitationStatus {
  if (row.status === 'accepted') return 'accepted';
  if (row.status === 'pending') return row.expiresAt.getTime() > now ? 'pending' : 'expired';
  return 'revoked';
}

export function toInvitation(row: InvitationRow, inviterName: string | null): TTeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role && isMemberRole(row.role) ? row.role : 'campaign_manager',
    status: invitationStatus(row),
    invitedBy: inviterName,
    createdAt: epochSeconds(row.createdAt),
    expiresAt: epochSeconds(row.expiresAt),
  };
}

export async function listTeamMembers(db: DbOrTx, actor: RequestActor) {
  requirePermission(actor, 'team:read');
  return { items: (await listMembers(db, actor.brandId)).map((m) => toMember(m, actor)) };
}

export async function listTeamInvitations(db: DbOrTx, actor: RequestActor) {
  requirePermission(actor, 'team:read');
  return { items: (await listInvitations(db, actor.brandId)).map((r) => toInvitation(r.invitation, r.inviterName)) };
}
