import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  ZActivity,
  ZAvailableMissions,
  ZBuilderWriteResult,
  ZFormData,
  ZOk,
  type TAddCampaignMissionBody,
  type TCampaign,
  type TCampaignFieldsBody,
  type TUpdateCampaignMissionBody,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { builderKeys } from '../../../app/query-keys';

export { builderKeys };

export interface TAvailableMissionsParams {
  currentPage: number;
  filter: string;
  /** The mission chosen so far stays selectable even when in use. */
  current: number | null;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchFormData(id: number, signal?: AbortSignal) {
  return apiFetch(`/v3/bundle/${id}/form-data`, { schema: ZFormData, ...withSignal(signal) });
}

export function fetchActivity(id: number, signal?: AbortSignal) {
  return apiFetch(`/v3/bundle/${id}/activity`, { schema: ZActivity, ...withSignal(signal) });
}

export function fetchAvailableMissions(id: number, params: TAvailableMissionsParams, signal?: AbortSignal) {
  return apiFetch(`/v3/bundle/${id}/available-missions`, {
    schema: ZAvailableMissions,
    query: {
      currentPage: params.currentPage,
      perPage: PAGE_SIZES.missions,
      filter: params.filter.trim(),
      current: params.current,
    },
    ...withSignal(signal),
  });
}

// ------------------------------------------------------------------ writes
// Every builder write answers with the campaign as it now is (its new version included).

export async function saveCampaignFields(id: number, body: TCampaignFieldsBody): Promise<TCampaign> {
  return (await apiFetch(`/v3/bundle/${id}`, { method: 'POST', body, schema: ZBuilderWriteResult })).campaign;
}

export async function addCampaignMission(id: number, body: TAddCampaignMissionBody): Promise<TCampaign> {
  return (await apiFetch(`/v3/bundle/${id}/mission`, { method: 'POST', body, schema: ZBuilderWriteResult })).campaign;
}

export async function updateCampaignMission(
  id: number,
  entryId: number,
  body: TUpdateCampaignMissionBody,
): Promise<TCampaign> {
  return (
    await apiFetch(`/v3/bundle/${id}/mission/${entryId}/update`, { method: 'POST', body, schema: ZBuilderWriteResult })
  ).campaign;
}

export async function deleteCampaignMission(id: number, entryId: number): Promise<TCampaign> {
  return (
    await apiFetch(`/v3/bundle/${id}/mission/${entryId}/delete`, {
      method: 'POST',
      body: {},
      schema: ZBuilderWriteResult,
    })
  ).campaign;
}

export async function deleteCampaignReward(id: number, rewardId: number): Promise<TCampaign> {
  return (
    await apiFetch(`/v3/bundle/${id}/reward/${rewardId}/delete`, {
      method: 'POST',
      body: {},
      schema: ZBuilderWriteResult,
    })
  ).campaign;
}

export async function endCampaign(id: number): Promise<TCampaign> {
  return (
    await apiFetch('/v3/bundle/end-campaign', { method: 'POST', body: { bundleId: id }, schema: ZBuilderWriteResult })
  ).campaign;
}

export async function deleteCampaign(id: number): Promise<void> {
  await apiFetch('/v3/bundle/delete-campaign', { method: 'POST', body: { bundleId: id }, schema: ZOk });
}

// ------------------------------------------------------------------ queries

export function formDataQueryOptions(id: number) {
  return queryOptions({
    queryKey: builderKeys.formData(id),
    queryFn: ({ signal }) => fetchFormData(id, signal),
    // The builder refetches after its own writes; background refetches would fight local edits.
    staleTime: Infinity,
  });
}

export function useFormData(id: number) {
  return useQuery(formDataQueryOptions(id));
}

export function useActivity(id: number, enabled: boolean) {
  return useQuery({
    queryKey: builderKeys.activity(id),
    queryFn: ({ signal }) => fetchActivity(id, signal),
    enabled,
    staleTime: 0,
  });
}

export function useAvailableMissions(id: number, params: TAvailableMissionsParams, enabled: boolean) {
  return useQuery({
    queryKey: builderKeys.availableMissions(id, params),
    queryFn: ({ signal }) => fetchAvailableMissions(id, params, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
