import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBuilderWriteResult, ZPauseDetails, type TCampaign } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { formatMoney, formatNumber } from '../../lib/format';
import { useBrandCurrency } from '../../app/session';
import { notify } from '../../lib/notify';

interface EndCampaignDialogProps {
  campaign: { id: number; name: string } | null;
  onClose: () => void;
  onEnded?: (campaign: TCampaign) => void;
}

const pauseDetailsKey = (id: number) => ['campaign', id, 'pause-details'] as const;

/**
 * Ending an active campaign (list menu, report, view page): first what ending stops — completions
 * so far, rewards unlocked, codes and budget left (pause-details, product rule R50) — then end-campaign.
 * The unspent budget goes back to the wallet on the server.
 */
export function EndCampaignDialog({ campaign, onClose, onEnded }: EndCampaignDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const currency = useBrandCurrency();
  const queryClient = useQueryClient();
  const id = campaign?.id ?? 0;
  const details = useQuery({
    queryKey: pauseDetailsKey(id),
    queryFn: ({ signal }) => apiFetch(`/campaign/bundle/${id}/pause-details`, { schema: ZPauseDetails, signal }),
    enabled: campaign !== null,
    staleTime: 0,
  });
  const end = useMutation({
    mutationFn: () =>
      apiFetch('/v3/bundle/end-campaign', { method: 'POST', body: { bundleId: id }, schema: ZBuilderWriteResult }),
    onSuccess: async ({ campaign: ended }) => {
      await queryClient.invalidateQueries();
      notify({ color: 'teal', message: t('end-campaign.ended') });
      onEnded?.(ended);
      onClose();
    },
  });
  const name = campaign?.name.trim() ? campaign.name : t('campaign.list.untitled');
  const d = details.data;

  return (
    <Modal
      opened={campaign !== null}
      onClose={() => {
        end.reset();
        onClose();
      }}
      title={t('end-campaign.title', { name })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('end-campaign.body')}</Text>
        {details.isPending && <Loader size="sm" aria-label={t('end-campaign.loading')} />}
        {details.isError && (
          <Alert color="red" variant="light">
            {errorMessage(t, details.error)}
          </Alert>
        )}
        {d && (
          <SimpleGrid cols={2} spacing="xs" component="dl" m={0} data-testid="pause-details">
            {(
              [
                ['completions', formatNumber(d.completions, lang)],
                ['rewards-unlocked', formatNumber(d.rewardsUnlocked, lang)],
                ['codes-left', formatNumber(d.codesLeft, lang)],
                ['budget-left', formatMoney(d.budgetLeft, lang, currency)],
              ] as const
            ).map(([key, value]) => (
              <Stack key={key} gap={0} data-testid={`pause-${key}`}>
                <Text component="dt" size="xs" c="gray.7">
                  {t(`end-campaign.${key}`)}
                </Text>
                <Text component="dd" m={0} fw={600}>
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {d && d.budgetLeft > 0 && (
          <Text size="sm" c="gray.7">
            {t('end-campaign.refund', { amount: formatMoney(d.budgetLeft, lang, currency) })}
          </Text>
        )}
        {d && !d.canEnd && (
          <Alert color="orange" variant="light">
            {t('end-campaign.not-active')}
          </Alert>
        )}
        {end.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, end.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={end.isPending} disabled={!d?.canEnd} onClick={() => end.mutate()}>
            {t('end-campaign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
