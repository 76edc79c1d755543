import { useQueries } from '@tanstack/react-query';
import type { TCampaignMission } from '@rally/domain';
import { fetchMissionItems } from '../api/rewards-api';
import type { TSoldItem } from './reward-form';

/**
 * The products (option items) of the campaign's itemSold missions: what dynamic cash rows pick
 * from and must all cover. Fetched like the assignment step fetches them; only when enabled.
 */
export function useSoldItems(missions: TCampaignMission[], enabled: boolean) {
  const itemSold = missions.filter((m) => m.mission.subtype === 'itemSold');
  const queries = useQueries({
    queries: itemSold.map((m) => ({
      queryKey: ['rewards', 'mission-items', m.missionId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchMissionItems(m.missionId, signal),
      staleTime: 0,
      enabled,
    })),
  });
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
