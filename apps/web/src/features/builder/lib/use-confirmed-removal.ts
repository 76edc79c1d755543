import { useMutation } from '@tanstack/react-query';
import type { TCampaign } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../../components/confirm-dialog';
import { notify } from '../../../lib/notify';
import type { BuilderWrites } from './use-builder-writes';
import { useReportFailure } from './use-report-failure';

/**
 * Removing a mission or a reward from the campaign: asked first (naming it), then written through the
 * builder's write lane, and said done. The texts are the list's: builder.missions.* or builder.rewards.*.
 */
export function useConfirmedRemoval<T>(
  list: 'missions' | 'rewards',
  writes: BuilderWrites,
  remove: (item: T) => Promise<TCampaign>,
): (item: T, title: string) => void {
  const { t } = useTranslation();
  const reportFailure = useReportFailure();
  const removal = useMutation({
    mutationFn: ({ item }: { item: T; title: string }) => writes.run(() => remove(item), { refetch: true }),
    onSuccess: (_campaign, { title }) => notify({ color: 'teal', message: t(`builder.${list}.deleted`, { title }) }),
    onError: (error) => reportFailure('builder.errors.action-failed', error),
  });
  return (item, title) => {
    void openConfirm({
      title: t(`builder.${list}.delete-title`),
      body: t(`builder.${list}.delete-body`, { title }),
      confirmLabel: t(`builder.${list}.delete-confirm`),
      danger: true,
    }).then((confirmed) => {
      if (confirmed) removal.mutate({ item, title });
    });
  };
}
