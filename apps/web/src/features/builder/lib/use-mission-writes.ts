import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveInOrder, type TCampaignMission, type TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { builderKeys, deleteCampaignMission, updateCampaignMission } from '../api/builder-api';
import type { BuilderWrites } from './use-builder-writes';
import { useReportFailure } from './use-report-failure';

/** The missions list's writes: a new order (shown at once, confirmed by the refetch) and removing a mission. */
export function useMissionWrites(campaignId: number, writes: BuilderWrites) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reportFailure = useReportFailure();
  const formDataKey = builderKeys.formData(campaignId);

  const move = useMutation({
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

  const remove = useMutation({
    mutationFn: ({ entry }: { entry: TCampaignMission; title: string }) =>
      writes.run(() => deleteCampaignMission(campaignId, entry.id), { refetch: true }),
    onSuccess: (_campaign, { title }) => notify({ color: 'teal', message: t('builder.missions.deleted', { title }) }),
    onError: (error) => reportFailure('builder.errors.action-failed', error),
  });

  return { move, remove };
}
