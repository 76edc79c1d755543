import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZBundlePartnerList,
  ZInviteAnswerResult,
  ZPartnerBrandPage,
  ZPartnerView,
  ZSendInviteResult,
  ZBuilderWriteResult,
  type TBundlePartnerCreateBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { builderKeys } from '../../../app/query-keys';

/** Queries of the shared-campaign flow; under the builder's root so a builder write refreshes them too. */
export const partnerKeys = {
  view: (id: number) => [...builderKeys.all, 'partner-view', id] as const,
  brands: (page: number, filter: string) => [...builderKeys.all, 'partner-brands', page, filter] as const,
};

export function usePartnerView(id: number, enabled: boolean) {
  return useQuery({
    queryKey: partnerKeys.view(id),
    queryFn: ({ signal }) => apiFetch(`/v5/bundle-partner/${id}`, { schema: ZPartnerView, signal }),
    enabled,
  });
}

/** The retailer's approved partner brands, 10 a page, searchable by name. */
export function usePartnerBrands(page: number, filter: string) {
  return useQuery({
    queryKey: partnerKeys.brands(page, filter),
    queryFn: ({ signal }) =>
      apiFetch('/v5/partner-brands', {
        schema: ZPartnerBrandPage,
        query: { currentPage: page, filter: filter.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export async function savePartners(body: TBundlePartnerCreateBody) {
  return apiFetch('/v5/bundle-partner/create', {
    method: 'POST',
    body,
    schema: ZBuilderWriteResult.extend({
      partners: ZBundlePartnerList.shape.items,
      invite: ZSendInviteResult.nullable(),
    }),
  });
}

export async function sendInvites(id: number) {
  return apiFetch(`/v5/bundle-partner/${id}/send-invite`, { method: 'PUT', schema: ZSendInviteResult });
}

/** Accepts or rejects an invite; a rejection may say why (the retailer sees it). */
export async function answerInvite(id: number, answer: 'accept' | 'reject', reason?: string) {
  const why = answer === 'reject' ? reason?.trim() : undefined;
  return apiFetch(`/v5/bundle-partner/${answer}-invite`, {
    method: 'POST',
    body: { bundleId: id, ...(why ? { reason: why } : {}) },
    schema: ZInviteAnswerResult,
  });
}
