import { useRef } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartnerView } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { usePaymentRetry, isPaymentRequired } from '../../../components/payment-form';
import { builderKeys } from '../../../app/query-keys';
import { invalidateCampaigns } from '../../../app/campaign-api';
import { useSession } from '../../../app/session';
import { answerInvite } from '../api/partners-api';
import { partnerMessage } from './partner-modal';

/**
 * The invited brand's answer (spec §4, §6): its invite status and proposed budget, Accept (paying
 * through the payment form when its wallet is short) and Reject, each confirmed first.
 */
export function InviteAnswerPanel({ campaignId, view }: { campaignId: number; view: TPartnerView }) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The confirmation is rendered by the modals manager, outside this component's renders: the reason is kept in a ref.
  const reason = useRef('');
  const payment = usePaymentRetry({ currency: me.brand.currency, reason: () => t('builder.invite.pay-reason') });
  const open = view.inviteStatus === 'SENT';
  const budget = formatMoney(view.proposedBudget, i18n.language, me.brand.currency);

  const answerMutation = useMutation({
    mutationFn: (answer: 'accept' | 'reject') =>
      payment.run(() => answerInvite(campaignId, answer, reason.current)),
    onSuccess: async (_result, answer) => {
      await queryClient.invalidateQueries({ queryKey: builderKeys.all });
      await invalidateCampaigns(queryClient);
      notify({
        color: 'teal',
        message: t(answer === 'accept' ? 'builder.invite.accepted' : 'builder.invite.rejected'),
      });
      if (answer === 'reject') void navigate('/campaign?view=invitations');
    },
    onError: (error) => {
      // Closing the payment form is no failure: nothing was answered.
      if (!isPaymentRequired(error))
        notify({ color: 'red', title: t('builder.errors.action-failed'), message: errorMessage(t, error) });
    },
  });
  const busy = answerMutation.isPending ? answerMutation.variables : null;

  function confirm(answer: 'accept' | 'reject') {
    reason.current = '';
    void openConfirm({
      title: t(`builder.invite.${answer}-title`),
      body: (
        <Stack gap="sm">
          <Text size="sm">
            {t(`builder.invite.${answer}-body`, { owner: view.owner.brandName, budget, count: view.proposedBudget })}
          </Text>
          {answer === 'reject' && (
            <Textarea
              label={t('builder.invite.reason')}
              description={t('builder.invite.reason-hint', { owner: view.owner.brandName })}
              maxLength={500}
              autosize
              minRows={2}
              onChange={(event) => {
                reason.current = event.currentTarget.value;
              }}
            />
          )}
        </Stack>
      ),
      confirmLabel: t(`builder.invite.${answer}`),
      danger: answer === 'reject',
    }).then((confirmed) => {
      if (confirmed) answerMutation.mutate(answer);
    });
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('builder.invite.title')}>
      {payment.modal}
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={650}>{t('builder.invite.title')}</Text>
          <Badge
            variant="dot"
            color={view.inviteStatus === 'ACCEPTED' ? 'teal' : view.inviteStatus === 'REJECTED' ? 'red' : 'yellow'}
          >
            {t(`builder.partners.status.${view.inviteStatus ?? 'NONE'}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {view.proposedBudget > 0 ? t('builder.invite.budget', { budget }) : t('builder.invite.no-budget')}
          {view.paymentPlan === 'postpaid' && view.proposedBudget > 0 ? ` ${t('builder.invite.postpaid')}` : ''}
        </Text>
        {open && view.acceptProblem && (
          <Alert color="orange" variant="light">
            {partnerMessage(t, view.acceptProblem)}
          </Alert>
        )}
        {open && (
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => confirm('reject')}
              loading={busy === 'reject'}
            >
              {t('builder.invite.reject')}
            </Button>
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => confirm('accept')}
              disabled={!view.canAccept}
              loading={busy === 'accept'}
            >
              {view.proposedBudget > 0 ? t('builder.invite.accept-pay') : t('builder.invite.accept')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
