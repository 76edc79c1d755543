import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZPartnerAnswerResult,
  ZPartnerInvitationList,
  ZPartnerInviteResult,
  ZPartnerPool,
  ZPartnerPoolEntry,
  type TPartnerInviteBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

/** The partner pool's queries; an answer or an invitation refreshes both lists. */
export const partnerPoolKeys = {
  all: ['partner-pool'] as const,
  pool: () => [...partnerPoolKeys.all, 'pool'] as const,
  invitations: () => [...partnerPoolKeys.all, 'invitations'] as const,
};

/** The retailer's pool (retailers only: the server answers 403 to other brands). */
export function usePartnerPool(enabled: boolean) {
  return useQuery({
    queryKey: partnerPoolKeys.pool(),
    queryFn: ({ signal }) => apiFetch('/partner-pool', { schema: ZPartnerPool, signal }),
    enabled,
  });
}

/** Pending invitations addressed to the current brand or to my email. */
export function useMyPartnerInvitations() {
  return useQuery({
    queryKey: partnerPoolKeys.invitations(),
    queryFn: ({ signal }) => apiFetch('/partner-invitations', { schema: ZPartnerInvitationList, signal }),
  });
}

export function invitePartner(body: TPartnerInviteBody) {
  return apiFetch('/partner-pool/invitations', { method: 'POST', body, schema: ZPartnerInviteResult });
}

function useRefreshing<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerPoolKeys.all }) });
}

export function useInvitePartner() {
  return useRefreshing(invitePartner);
}

export function useRemovePartner() {
  return useRefreshing((id: number) => apiFetch(`/partner-pool/${id}/remove`, { method: 'POST', schema: ZPartnerPoolEntry }));
}

export function useAnswerInvitation() {
  return useRefreshing(({ id, how }: { id: number; how: 'accept' | 'decline' }) =>
    apiFetch(`/partner-invitations/${id}/${how}`, { method: 'POST', schema: ZPartnerAnswerResult }),
  );
}

/** Answers with the token of the mailed link (single use). */
export function useAnswerByToken() {
  return useRefreshing(({ token, answer }: { token: string; answer: 'accept' | 'decline' }) =>
    apiFetch('/partner-invitations/answer-token', { method: 'POST', body: { token, answer }, schema: ZPartnerAnswerResult }),
  );
}
