import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';

import {
  ZMission,
  ZMissionItem,
  ZMissionList,
  type TMission,
  type TMissionBody,
  type TMissionItem,
  type TMissionItemBody,
  type TMissionStatus,
  type TMissionType,
} from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';

export interface TMissionListParams {
  filter: string;
  type: TMissionType | null;
  status: TMissionStatus | null;
  currentPage: number;
  perPage: number;
}

export type TMissionUpdate = Partial<TMissionBody>;

const ZItems = z.object({ items: z.array(ZMissionItem) });
export type TMissionList = z.infer<typeof ZMissionList>;

export const missionKeys = {
  all: ['missions'] as const,
  lists: () => [...missionKeys.all, 'list'] as const,
  list: (params: TMissionListParams) => [...missionKeys.lists(), params] as const,
  detail: (id: number) => [...missionKeys.all, 'detail', id] as const,
  items: (id: number) => [...missionKeys.all, 'items', id] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchMissionList(params: TMissionListParams, signal?: AbortSignal): Promise<TMissionList> {
  return apiFetch('/v3/mission', {
    schema: ZMissionList,
    query: {
      currentPage: params.currentPage,
      perPage: params.perPage,
      filter: params.filter.trim(),
      type: params.type,
      status: params.status,
    },
    ...withSignal(signal),
  });
}

export function fetchMission(id: number, signal?: AbortSignal): Promise<TMission> {
  return apiFetch(`/v3/mission/${id}`, { schema: ZMission, ...withSignal(signal) });
}

export async function fetchMissionItems(id: number, signal?: AbortSignal): Promise<TMissionItem[]> {
  return (await apiFetch(`/v3/mission/${id}/items`, { schema: ZItems, ...withSignal(signal) })).items;
}

export function createMission(body: TMissionBody): Promise<TMission> {
  return apiFetch('/v3/mission', { method: 'POST', body, schema: ZMission });
}

export function updateMission(id: number, body: TMissionUpdate): Promise<TMission> {
  return apiFetch(`/v3/mission/${id}/update`, { method: 'POST', body, schema: ZMission });
}

export function duplicateMission(id: number): Promise<TMission> {
  return apiFetch(`/v3/mission/${id}/duplicate`, { schema: ZMission });
}

export async function createItem(missionId: number, body: TMissionItemBody): Promise<TMissionItem[]> {
  return (await apiFetch(`/v3/mission/${missionId}/item/create`, { method: 'POST', body, schema: ZItems })).items;
}

export async function updateItem(missionId: number, itemId: number, body: TMissionItemBody): Promise<TMissionItem[]> {
  return (await apiFetch(`/v3/mission/${missionId}/item/${itemId}/update`, { method: 'POST', body, schema: ZItems }))
    .items;
}

export async function reorderItem(missionId: number, itemId: number, order: number): Promise<TMissionItem[]> {
  return (
    await apiFetch(`/v3/mission/${missionId}/item/${itemId}/update-order`, {
      method: 'POST',
      body: { order },
      schema: ZItems,
    })
  ).items;
}

export async function deleteItem(missionId: number, itemId: number): Promise<TMissionItem[]> {
  return (
    await apiFetch(`/v3/mission/${missionId}/item/${itemId}/delete`, { method: 'POST', body: {}, schema: ZItems })
  ).items;
}

export function missionListQueryOptions(params: TMissionListParams) {
  return queryOptions({
    queryKey: missionKeys.list(params),
    queryFn: ({ signal }) => fetchMissionList(params, signal),
    // Paging and filtering keep the old rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function missionQueryOptions(id: number) {
  return queryOptions({ queryKey: missionKeys.detail(id), queryFn: ({ signal }) => fetchMission(id, signal) });
}

export function missionItemsQueryOptions(id: number) {
  return queryOptions({ queryKey: missionKeys.items(id), queryFn: ({ signal }) => fetchMissionItems(id, signal) });
}

export function useMissionList(params: TMissionListParams) {
  return useQuery(missionListQueryOptions(params));
}

export function useMission(id: number) {
  return useQuery(missionQueryOptions(id));
}

export function useMissionItems(id: number) {
  return useQuery(missionItemsQueryOptions(id));
}

function rememberMission(queryClient: QueryClient, mission: TMission): void {
  queryClient.setQueryData(missionKeys.detail(mission.id), mission);
}

function invalidateLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: missionKeys.lists() });
}

export function useCreateMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMission,
    onSuccess: (mission) => {
      rememberMission(queryClient, mission);
      queryClient.setQueryData(missionKeys.items(mission.id), []);
      return invalidateLists(queryClient);
    },
  });
}

export function useDuplicateMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateMission,
    onSuccess: (mission) => {
      rememberMission(queryClient, mission);
      return invalidateLists(queryClient);
    },
  });
}

/**
 * The full body for an update: the cached mission with the patch applied.
 * The server's update schema (ZMissionBody.partial()) still fills in the create
 * defaults for absent keys, so a patch of only `media` would also reset the
 * description to "" and the subtype to standard; sending every field avoids that.
 */
export function fullUpdateBody(current: TMission | undefined, patch: TMissionUpdate): TMissionUpdate {
  if (!current) return patch;
  return {
    title: current.title,
    description: current.description,
    type: current.type,
    subtype: current.subtype,
    media: current.media,
    ...patch,
  };
}

export function useUpdateMission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TMissionUpdate) =>
      updateMission(id, fullUpdateBody(queryClient.getQueryData<TMission>(missionKeys.detail(id)), patch)),
    onSuccess: (mission) => {
      rememberMission(queryClient, mission);
      return invalidateLists(queryClient);
    },
  });
}

/**
 * Item changes answer with the whole item list; the mission's status and
 * completeness follow from the items, so the mission itself is refetched.
 */
function useItemMutation<TVariables>(id: number, mutationFn: (variables: TVariables) => Promise<TMissionItem[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (items) => {
      queryClient.setQueryData(missionKeys.items(id), items);
      void queryClient.invalidateQueries({ queryKey: missionKeys.detail(id) });
      void invalidateLists(queryClient);
    },
  });
}

export function useCreateItem(missionId: number) {
  return useItemMutation(missionId, (body: TMissionItemBody) => createItem(missionId, body));
}

export function useUpdateItem(missionId: number) {
  return useItemMutation(missionId, ({ itemId, body }: { itemId: number; body: TMissionItemBody }) =>
    updateItem(missionId, itemId, body),
  );
}

export function useDeleteItem(missionId: number) {
  return useItemMutation(missionId, (itemId: number) => deleteItem(missionId, itemId));
}

/** Moves an item at once on screen; the server's order wins when it answers, the old order comes back on failure. */
export function useReorderItem(missionId: number) {
  const queryClient = useQueryClient();
  const key = missionKeys.items(missionId);
  return useMutation({
    mutationFn: ({ itemId, order }: { itemId: number; order: number; optimistic: TMissionItem[] }) =>
      reorderItem(missionId, itemId, order),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TMissionItem[]>(key);
      queryClient.setQueryData(key, optimistic);
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (items) => {
      queryClient.setQueryData(key, items);
    },
  });
}
