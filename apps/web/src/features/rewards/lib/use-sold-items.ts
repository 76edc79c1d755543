import { useQueries } from '@tanstack/react-query';
import type { TCampaignMission } from '@rally/domain';
import { fetchMissionItems } from '../api/rewards-api';
import type { TSoldItem } from './reward-form';

/** The campaign's itemSold missions and, in the same order, the query of each one's items. */
export function useItemSoldMissionItems(missions: TCampaignMission[], enabled = true) {
  const itemSold = missions.filter((m) => m.mission.subtype === 'itemSold');
  const queries = useQueries({
    queries: itemSold.map((m) => ({
      queryKey: ['rewards', 'mission-items', m.missionId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchMissionItems(m.missionId, signal),
      staleTime: 0,
      enabled,
    })),
  });
  return { itemSold, queries };
}

/**
 * The products (option items) of the campaign's itemSold missions: what dynamic cash rows pick
 * from and must all cover. Fetched only when enabled.
 */
export function useSoldItems(missions: TCampaignMission[], enabled: boolean) {
  const { itemSold, queries } = useItemSoldMissionItems(missions, enabled);
  const items: TSoldItem[] = [];
  itemSold.forEach((mission, i) => {
    for (const item of queries[i]?.data?.items ?? []) {
      if (item.kind === 'option') items.push({ id: item.id, title: item.title, missionTitle: mission.mission.title });
    }
  });
  return {
    hasItemSoldMissions: itemSold.length > 0,
    items,
    loading: enabled && queries.some((q) => q.isPending),
  };
}
