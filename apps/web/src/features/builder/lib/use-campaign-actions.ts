import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invalidateCampaigns, useDuplicateCampaign } from '../../../app/campaign-api';
import { notify } from '../../../lib/notify';
import { builderKeys, deleteCampaign, saveCampaignFields } from '../api/builder-api';
import { sendInvites } from '../api/partners-api';
import type { BuilderWrites } from './use-builder-writes';
import { useReportFailure } from './use-report-failure';

/** Duplicate and delete, from the page's More menu; both leave the page when done. */
export function useCampaignMenuActions(campaignId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reportFailure = useReportFailure();
  const duplicate = useDuplicateCampaign();
  const remove = useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: builderKeys.formData(campaignId) });
      return invalidateCampaigns(queryClient);
    },
  });
  return {
    pending: duplicate.isPending || remove.isPending,
    duplicate: () =>
      duplicate.mutate(campaignId, {
        onSuccess: (copy) => {
          notify({ color: 'teal', message: t('builder.actions.duplicated') });
          void navigate(`/campaign/${copy.id}`);
        },
        onError: (error) => reportFailure('builder.errors.action-failed', error),
      }),
    remove: () =>
      remove.mutate(campaignId, {
        onSuccess: () => {
          notify({ color: 'teal', message: t('builder.actions.deleted') });
          void navigate('/campaign');
        },
        onError: (error) => reportFailure('builder.errors.action-failed', error),
      }),
  };
}

/** The footer's primary writes: confirm a scheduled campaign's changes, or send a shared campaign's invites. */
export function useCampaignPrimaryActions(campaignId: number, writes: BuilderWrites) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reportFailure = useReportFailure();
  const confirm = useMutation({
    mutationFn: () => writes.run((version) => saveCampaignFields(campaignId, { version }), { refetch: true }),
    onSuccess: () => notify({ color: 'teal', message: t('builder.actions.confirmed') }),
    onError: (error) => reportFailure('builder.errors.save-failed', error),
  });
  const invite = useMutation({
    mutationFn: () => sendInvites(campaignId),
    onSuccess: async (result) => {
      await invalidateCampaigns(queryClient);
      notify({ color: 'teal', message: t('builder.partners.invites-sent', { count: result.sent }) });
      void navigate('/campaign');
    },
    onError: (error) => reportFailure('builder.errors.action-failed', error),
  });
  return { confirm, invite };
}
