import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_CODES,
  LAUNCH_FAILURE_TOAST,
  budgetDue,
  launchChecksBudget,
  launchOutcome,
  nextLaunchStep,
  type TBudgetStatus,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { builderKeys } from '../../../app/query-keys';
import { invalidateCampaigns } from '../../../app/campaign-api';
import { useSession } from '../../../app/session';
import { isPaymentRequired, usePaymentRetry } from '../../../components/payment-form';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { addBudget, changeCampaignStatus, fetchBudgetStatus, launchKeys, updateRewardEndDate } from '../api/launch-api';
import { firstStepWithErrors, launchBody, launchMessageText } from './launch-form';
import type { TLaunchFormData, TLaunchState } from './use-launch-state';

/** Which write is running, if any: the buttons it concerns show it and the others wait. */
export type TLaunchBusy = 'next' | 'pay' | 'submit' | null;

/** A wallet short of the budget, or one that changed since the check: the panel shows what it holds now. */
const isShortWallet = (error: unknown) =>
  isPaymentRequired(error) || (isApiError(error) && error.code === ERROR_CODES.budgetUnpaid);

/**
 * The launch modal's writes: leaving the settings step (saving the codes' expiry, checking the budget),
 * paying the budget due, and the launch, schedule or reschedule itself.
 */
export function useLaunchWrites(formData: TLaunchFormData, state: TLaunchState, onClose: () => void) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { campaign } = formData;
  const { form, read, flow, step, budget } = state;
  const formDataKey = builderKeys.formData(campaign.id);
  // A wallet short of the budget opens the payment form with the difference; the payment goes on after the top-up (spec §4).
  const topUp = usePaymentRetry({
    currency: me.brand.currency,
    reason: (due) => t('launch.budget.topup-reason', { missing: formatMoney(due, i18n.language, me.brand.currency) }),
  });

  /** Saves the code rewards' expiry the user changed; false (with the field errors shown) when refused. */
  async function saveRewardEnds(): Promise<boolean> {
    const changed = state.codes.flatMap((reward) => {
      if (form.rewardEnds[reward.id] === undefined) return [];
      const endDate = read.context.rewards.find((r) => r.id === reward.id)?.endDate;
      return endDate != null && endDate !== reward.endDate ? [{ reward, endDate }] : [];
    });
    if (changed.length === 0) return true;
    const refused: Record<string, string> = {};
    for (const { reward, endDate } of changed) {
      try {
        await updateRewardEndDate(campaign.id, reward.id, { endDate, timeZone: form.timeZone });
      } catch (error) {
        // The server checks against the campaign's saved end, which this form may be moving.
        refused[`rewards.${reward.id}.endDate`] =
          isApiError(error) && error.fields.length > 0
            ? t('launch.messages.reward-end-not-saved')
            : errorMessage(t, error);
      }
    }
    await queryClient.invalidateQueries({ queryKey: formDataKey });
    state.setServerErrors(refused);
    return Object.keys(refused).length === 0;
  }

  const goOn = () => {
    const following = nextLaunchStep(flow, 'settings');
    if (following) state.setStep(following);
  };

  // Leaving settings: 'refused' stays (field errors shown), a budget due stays to be paid, 'ok' moves on.
  const leaveSettings = useMutation({
    mutationFn: async (): Promise<'refused' | 'ok' | TBudgetStatus> => {
      if (!(await saveRewardEnds())) return 'refused';
      // Only a launch now pays up front, and only when something is owed (product rule R15).
      if (launchChecksBudget(form.action) && budgetDue(read.context.rewards, me.brand.paymentPlan).due > 0) {
        const status = await queryClient.fetchQuery({
          queryKey: launchKeys.budgetStatus(campaign.id),
          queryFn: ({ signal }) => fetchBudgetStatus(campaign.id, signal),
          staleTime: 0,
        });
        if (status.due > 0) return status;
      }
      return 'ok';
    },
    onSuccess: (result) => {
      if (result === 'refused') return;
      if (result !== 'ok') {
        state.setBudget(result);
        return;
      }
      state.setBudget(null);
      goOn();
    },
  });

  const pay = useMutation({
    mutationFn: async (due: number) => {
      await topUp.run(() => addBudget({ bundleId: campaign.id, amount: due }));
      await queryClient.invalidateQueries({ queryKey: formDataKey });
    },
    onSuccess: () => {
      state.setBudget(null);
      goOn();
    },
    onError: async (error) => {
      if (!isShortWallet(error)) return;
      const status = await fetchBudgetStatus(campaign.id).catch(() => null);
      if (status) state.setBudget(status);
    },
  });

  function failureText(error: unknown): string {
    if (isApiError(error) && error.code === ERROR_CODES.budgetUnpaid) return t('launch.messages.budget-unpaid');
    if (isApiError(error) && error.fields.length > 0) {
      return [...new Set(error.fields.map((f) => launchMessageText(f.message, t, form.timeZone)))].join(' ');
    }
    return errorMessage(t, error);
  }

  // false: a code's expiry was refused, the modal stays with the field errors.
  const submit = useMutation({
    mutationFn: async () => {
      if (!(await saveRewardEnds().catch(() => false))) return false;
      await changeCampaignStatus(launchBody(form, read, campaign.id));
      return true;
    },
    onSuccess: async (done) => {
      if (!done) return;
      const outcome = launchOutcome(form.action, campaign);
      notify({ color: 'teal', message: t(outcome.toast) });
      void invalidateCampaigns(queryClient);
      onClose();
      if (outcome.redirect) {
        // Leaving the builder: the cached campaign is out of date, but refetching it here would
        // bounce the page (no longer a draft) before the redirect lands.
        void queryClient.invalidateQueries({ queryKey: formDataKey, refetchType: 'none' });
        // The report opens the consumer after-launch preview; the list opens the promote dialog (issue 17).
        void navigate(outcome.redirect, { state: { launched: true } });
      } else {
        await queryClient.invalidateQueries({ queryKey: formDataKey });
      }
    },
    onError: (error) => {
      notify({ color: 'red', title: t(LAUNCH_FAILURE_TOAST), message: failureText(error) });
      onClose();
      // The campaign may have moved on meanwhile (409); show it as it is.
      void queryClient.invalidateQueries({ queryKey: formDataKey });
    },
  });

  const busy: TLaunchBusy = leaveSettings.isPending
    ? 'next'
    : pay.isPending
      ? 'pay'
      : submit.isPending
        ? 'submit'
        : null;

  return {
    busy,
    failure: leaveSettings.error ? errorMessage(t, leaveSettings.error) : null,
    budgetFailure: pay.error
      ? isShortWallet(pay.error)
        ? t('launch.budget.pay-short')
        : errorMessage(t, pay.error)
      : null,
    topUpModal: topUp.modal,
    next() {
      state.attempt();
      if (state.invalid || busy) return;
      leaveSettings.reset();
      const following = nextLaunchStep(flow, step);
      if (step === 'settings') leaveSettings.mutate();
      else if (following) state.setStep(following);
    },
    pay() {
      if (!budget || busy) return;
      pay.mutate(budget.due);
    },
    submit() {
      state.attempt();
      if (state.invalid || busy) return;
      // Every step's rules, not only this one's: a step left behind may have become invalid.
      const blocking = firstStepWithErrors(read, campaign.type);
      if (blocking && blocking !== step) {
        state.setStep(blocking);
        state.attempt(blocking);
        return;
      }
      leaveSettings.reset();
      submit.mutate();
    },
  };
}
