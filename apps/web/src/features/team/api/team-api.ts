import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZAcceptedInvitation,
  ZInvitationPreview,
  ZMember,
  ZMemberList,
  ZTeamInvitation,
  ZTeamInvitationList,
  type TAcceptWithAccountBody,
  type TInviteBody,
  type TMemberRole,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export const teamKeys = {
  members: ['team', 'members'] as const,
  invitations: ['team', 'invitations'] as const,
  preview: (token: string) => ['team', 'invitation-preview', token] as const,
};

export function useMembers() {
  return useQuery({ queryKey: teamKeys.members, queryFn: ({ signal }) => apiFetch('/team/members', { schema: ZMemberList, signal }) });
}

export function useInvitations() {
  return useQuery({ queryKey: teamKeys.invitations, queryFn: ({ signal }) => apiFetch('/team/invitations', { schema: ZTeamInvitationList, signal }) });
}

export function inviteMember(body: TInviteBody) {
  return apiFetch('/team/invitations', { method: 'POST', body, schema: ZTeamInvitation });
}

/** Team writes refresh both lists (an acceptance or a removal shows in the other). */
function useTeamWrite<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }) });
}

export const useInvite = () => useTeamWrite(inviteMember);
export const useResendInvitation = () => useTeamWrite((id: string) => apiFetch(`/team/invitations/${id}/resend`, { method: 'POST', body: {}, schema: ZTeamInvitation }));
export const useRevokeInvitation = () => useTeamWrite((id: string) => apiFetch(`/team/invitations/${id}/revoke`, { method: 'POST', body: {}, schema: ZTeamInvitation }));
export const useChangeRole = () =>
  useTeamWrite(({ memberId, role }: { memberId: string; role: TMemberRole }) => apiFetch(`/team/members/${memberId}/role`, { method: 'POST', body: { role }, schema: ZMember }));
export const useRemoveMember = () => useTeamWrite((memberId: string) => apiFetch(`/team/members/${memberId}`, { method: 'DELETE' }));

export function useLeaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/team/leave', { method: 'POST', body: {} }),
    // Another brand (or none) is current now: nothing cached belongs to it.
    onSuccess: () => queryClient.clear(),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.preview(token),
    queryFn: ({ signal }) => apiFetch(`/team/invitations/by-token/${encodeURIComponent(token)}`, { schema: ZInvitationPreview, signal }),
    retry: false,
    meta: { showsOwnError: true },
  });
}

export function acceptInvitation(token: string) {
  return apiFetch(`/team/invitations/by-token/${encodeURIComponent(token)}/accept`, { method: 'POST', body: {}, schema: ZAcceptedInvitation });
}

export function acceptWithNewAccount(token: string, body: TAcceptWithAccountBody) {
  return apiFetch(`/team/invitations/by-token/${encodeURIComponent(token)}/accept-new`, { method: 'POST', body, schema: ZAcceptedInvitation });
}

export type TAccepted = z.infer<typeof ZAcceptedInvitation>;
