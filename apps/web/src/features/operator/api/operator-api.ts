import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOperatorAuditList, ZOperatorBrand, ZOperatorBrandList, ZPlatformTotals, type TBrandStatus } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export const operatorKeys = { all: ['operator'] as const, brands: ['operator', 'brands'] as const, totals: ['operator', 'totals'] as const, audit: ['operator', 'audit'] as const };

export const useOperatorBrands = () =>
  useQuery({ queryKey: operatorKeys.brands, queryFn: ({ signal }) => apiFetch('/operator/brands', { schema: ZOperatorBrandList, signal }), retry: false });
export const usePlatformTotals = () =>
  useQuery({ queryKey: operatorKeys.totals, queryFn: ({ signal }) => apiFetch('/operator/totals', { schema: ZPlatformTotals, signal }), retry: false });
export const useOperatorAudit = () =>
  useQuery({ queryKey: operatorKeys.audit, queryFn: ({ signal }) => apiFetch('/operator/audit', { schema: ZOperatorAuditList, signal }), retry: false });

/** Operator writes refresh the brands, the totals and the audit. */
function useOperatorWrite<A>(fn: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}

export const useSetBrandStatus = () =>
  useOperatorWrite(({ brandId, status, reason }: { brandId: string; status: TBrandStatus; reason?: string }) =>
    apiFetch(`/operator/brands/${encodeURIComponent(brandId)}/status`, { method: 'POST', body: { status, ...(reason ? { reason } : {}) }, schema: ZOperatorBrand }),
  );
export const useSwitchConsumer = () =>
  useOperatorWrite(({ brandId, enabled }: { brandId: string; enabled: boolean }) =>
    apiFetch(`/operator/brands/${encodeURIComponent(brandId)}/consumer`, { method: 'POST', body: { enabled }, schema: ZOperatorBrand }),
  );
