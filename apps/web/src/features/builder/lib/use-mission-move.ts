import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveInOrder, type TCampaignMission, type TFormData } from '@rally/domain';
import { builderKeys, updateCampaignMission } from '../api/builder-api';
import type { BuilderWrites } from './use-builder-writes';
import { useReportFailure } from './use-report-failure';

/** Moving a mission in the list: the new order shows at once and the refetch confirms it. */
export function useMissionMove(campaignId: number, writes: BuilderWrites) {
  const queryClient = useQueryClient();
  const reportFailure = useReportFailure();
  const formDataKey = builderKeys.formData(campaignId);

  return useMutation({
    mutationFn: ({ entryId, toIndex }: { entryId: number; toIndex: number }) =>
      writes.run(() => updateCampaignMission(campaignId, entryId, { order: toIndex }), { refetch: true }),
    onMutate: ({ entryId, toIndex }) => {
      // Optimistic: the list shows the new order at once; the refetch confirms it.
      queryClient.setQueryData<TFormData>(formDataKey, (old) => {
        if (!old) return old;
        const ids = moveInOrder(
          old.missions.map((m) => m.id),
          entryId,
          toIndex,
        );
        const missions = ids
          .map((entry, order) => {
            const found = old.missions.find((m) => m.id === entry);
            return found ? { ...found, order } : undefined;
          })
          .filter((m): m is TCampaignMission => m !== undefined);
        return { ...old, missions };
      });
    },
    onError: (error) => {
      reportFailure('builder.errors.save-failed', error);
      void queryClient.invalidateQueries({ queryKey: formDataKey });
    },
  });
}
