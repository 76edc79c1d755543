import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  ERROR_CODES,
  LAUNCH_FAILURE_TOAST,
  budgetDue,
  launchChecksBudget,
  launchOutcome,
  launchSteps,
  launchTitle,
  needsEndDate,
  nextLaunchStep,
  previousLaunchStep,
  settingsAskEndDate,
  showsLaunchStepBar,
  todayInZone,
  type TBudgetStatus,
  type TFormData,
  type TLaunchStep,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../app/session';
import { isPaymentRequired, usePaymentRetry } from '../../../components/payment-form';
import { formatMoney } from '../../../lib/format';
import { builderKeys } from '../../../app/query-keys';
import { notify } from '../../../lib/notify';
import { addBudget, changeCampaignStatus, fetchBudgetStatus, launchKeys, updateRewardEndDate } from '../api/launch-api';
import {
  codeRewards,
  errorsByPath,
  firstStepWithErrors,
  initialLaunchForm,
  launchBody,
  launchMessageText,
  launchStepErrors,
  readLaunchForm,
  rewardEndText,
  type TLaunchForm,
} from '../lib/launch-form';
import { SmartReviewPanel } from '../../smart-review';
import { BudgetPanel } from './budget-panel';
import { ChooseStep } from './choose-step';
import { ReachStep } from './reach-step';
import { RewardEndDates } from './reward-end-dates';
import { ScheduleStep } from './schedule-step';
import { SettingsStep } from './settings-step';

/** The clock the rules read ("start in the past"), moved on while the modal stays open. */
function useNowSeconds(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface LaunchModalProps {
  formData: Pick<TFormData, 'campaign' | 'rewards' | 'mode'> & { missions?: TFormData['missions'] };
  /** 'launch' starts at the choice between launch now and schedule; 'reschedule' edits a scheduled campaign. */
  mode: 'launch' | 'reschedule';
  onClose: () => void;
}

type TBusy = 'next' | 'pay' | 'submit' | null;

/** Launch now, schedule or reschedule a campaign (product rules R10–R17). */
export function LaunchModal({ formData, mode, onClose }: LaunchModalProps) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { campaign, rewards } = formData;
  const now = useNowSeconds();

  const [form, setForm] = useState<TLaunchForm>(() =>
    initialLaunchForm(campaign, mode === 'reschedule' ? 'reschedule' : 'launch'),
  );
  // The smart-review step (spec §2) is offered where receipts prove sales: item-sold and contest missions.
  const takesReceipts =
    campaign.type !== 'consumer' && (formData.missions ?? []).some((m) => m.type === 'contest' || m.mission.subtype === 'itemSold');
  const flow = { action: form.action, campaignType: campaign.type, smartReview: takesReceipts };
  const steps = launchSteps(flow);
  const [step, setStep] = useState<TLaunchStep>(steps[0] ?? 'schedule');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<TLaunchStep>>(new Set());
  // What the server refused to save (a reward's expiry), by field path, already in words.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<TBusy>(null);
  const [budget, setBudget] = useState<TBudgetStatus | null>(null);
  const [budgetFailure, setBudgetFailure] = useState<string | null>(null);
  // A wallet short of the budget opens the payment form with the difference; the payment goes on after the top-up (spec §4).
  const topUp = usePaymentRetry({
    currency: me.brand.currency,
    reason: (due) => t('launch.budget.topup-reason', { missing: formatMoney(due, i18n.language, me.brand.currency) }),
  });
  const [failure, setFailure] = useState<string | null>(null);

  const read = readLaunchForm(form, {
    campaign,
    rewards,
    isRetailer: me.brand.isRetailer,
    isCampaignOwner: formData.mode === 'builder',
    paymentPlan: me.brand.paymentPlan,
    now,
  });
  const stepErrors = launchStepErrors(step, read);
  const invalid = stepErrors.length > 0;
  const today = todayInZone(now, form.timeZone);
  const codes = codeRewards(rewards);
  const rewardValues = Object.fromEntries(codes.map((r) => [r.id, rewardEndText(form, r)]));

  // A missing entry is pointed out once the field was used or Next was tried; a wrong one at once.
  const hasValue = (path: string) => {
    if (path === 'startDate') return form.startText !== '';
    if (path === 'endDate') return form.endText !== '';
    const reward = /^rewards\.(\d+)\.endDate$/.exec(path);
    return reward ? (rewardValues[Number(reward[1])] ?? '') !== '' : false;
  };
  const visible = stepErrors.filter((e) => attempted.has(step) || touched.has(e.path) || hasValue(e.path));
  const shown = { ...serverErrors, ...errorsByPath(visible, t, form.timeZone) };

  const stepIndex = steps.indexOf(step);
  const previous = previousLaunchStep(flow, step);
  const isLast = nextLaunchStep(flow, step) === null;
  const title = t(`launch.title.${launchTitle(form.action, campaign.sharedCampaign)}`);

  function touch(...paths: string[]) {
    setTouched((prev) => (paths.every((p) => prev.has(p)) ? prev : new Set([...prev, ...paths])));
    setServerErrors((prev) =>
      paths.some((p) => p in prev)
        ? Object.fromEntries(Object.entries(prev).filter(([p]) => !paths.includes(p)))
        : prev,
    );
  }

  function attempt() {
    setAttempted((prev) => (prev.has(step) ? prev : new Set([...prev, step])));
  }

  // ------------------------------------------------------------------ writes

  /** Saves the code rewards' expiry the user changed; false (with the field errors shown) when refused. */
  async function saveRewardEnds(): Promise<boolean> {
    const changed = codes.flatMap((reward) => {
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
    await queryClient.invalidateQueries({ queryKey: builderKeys.formData(campaign.id) });
    setServerErrors(refused);
    return Object.keys(refused).length === 0;
  }

  async function next() {
    attempt();
    if (invalid || busy) return;
    setFailure(null);
    const following = nextLaunchStep(flow, step);
    if (step === 'settings') {
      setBusy('next');
      try {
        if (!(await saveRewardEnds())) return;
        // Only a launch now pays up front, and only when something is owed (product rule R15).
        if (launchChecksBudget(form.action) && budgetDue(read.context.rewards, me.brand.paymentPlan).due > 0) {
          const status = await queryClient.fetchQuery({
            queryKey: launchKeys.budgetStatus(campaign.id),
            queryFn: ({ signal }) => fetchBudgetStatus(campaign.id, signal),
            staleTime: 0,
          });
          if (status.due > 0) {
            setBudget(status);
            return;
          }
        }
        setBudget(null);
      } catch (error) {
        setFailure(errorMessage(t, error));
        return;
      } finally {
        setBusy(null);
      }
    }
    if (following) setStep(following);
  }

  async function pay() {
    if (!budget || busy) return;
    setBusy('pay');
    setBudgetFailure(null);
    try {
      await topUp.run(() => addBudget({ bundleId: campaign.id, amount: budget.due }));
      await queryClient.invalidateQueries({ queryKey: builderKeys.formData(campaign.id) });
      setBudget(null);
      const following = nextLaunchStep(flow, 'settings');
      if (following) setStep(following);
    } catch (error) {
      if (isPaymentRequired(error) || (isApiError(error) && error.code === ERROR_CODES.budgetUnpaid)) {
        // Closed the payment form, or the wallet changed since the check: show what it holds now.
        const status = await fetchBudgetStatus(campaign.id).catch(() => null);
        if (status) setBudget(status);
        setBudgetFailure(t('launch.budget.pay-short'));
      } else {
        setBudgetFailure(errorMessage(t, error));
      }
    } finally {
      setBusy(null);
    }
  }

  function failureText(error: unknown): string {
    if (isApiError(error) && error.code === ERROR_CODES.budgetUnpaid) return t('launch.messages.budget-unpaid');
    if (isApiError(error) && error.fields.length > 0) {
      return [...new Set(error.fields.map((f) => launchMessageText(f.message, t, form.timeZone)))].join(' ');
    }
    return errorMessage(t, error);
  }

  async function submit() {
    attempt();
    if (invalid || busy) return;
    // Every step's rules, not only this one's: a step left behind may have become invalid.
    const blocking = firstStepWithErrors(read, campaign.type);
    if (blocking && blocking !== step) {
      setStep(blocking);
      setAttempted((prev) => new Set([...prev, blocking]));
      return;
    }
    setBusy('submit');
    setFailure(null);
    if (!(await saveRewardEnds().catch(() => false))) {
      setBusy(null);
      return;
    }
    const formDataKey = builderKeys.formData(campaign.id);
    try {
      await changeCampaignStatus(launchBody(form, read, campaign.id));
      const outcome = launchOutcome(form.action, campaign);
      notify({ color: 'teal', message: t(outcome.toast) });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
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
    } catch (error) {
      notify({ color: 'red', title: t(LAUNCH_FAILURE_TOAST), message: failureText(error) });
      onClose();
      // The campaign may have moved on meanwhile (409); show it as it is.
      void queryClient.invalidateQueries({ queryKey: formDataKey });
    }
  }

  // ------------------------------------------------------------------ field changes

  const changeForm = (patch: Partial<TLaunchForm>, ...paths: string[]) => {
    setForm((prev) => ({ ...prev, ...patch }));
    if (paths.length > 0) touch(...paths);
  };

  const rewardFields = (
    <RewardEndDates
      rewards={codes}
      values={rewardValues}
      onChange={(rewardId, text) =>
        changeForm({ rewardEnds: { ...form.rewardEnds, [rewardId]: text } }, `rewards.${rewardId}.endDate`)
      }
      // Codes must outlive the campaign (product rule R12): from its end when set, else from today.
      minDate={read.state.endDate !== null && form.endText !== '' ? form.endText : today}
      timeZone={form.timeZone}
      errors={shown}
    />
  );
  const rewardErrorOnSchedule = stepErrors.some((e) => e.path.startsWith('rewards.'));

  let body: ReactNode = null;
  switch (step) {
    case 'choose':
      body = (
        <ChooseStep
          value={form.action === 'schedule' ? 'schedule' : 'launch'}
          onChange={(action) => {
            changeForm({ action });
            setBudget(null);
          }}
        />
      );
      break;
    case 'settings':
      body = (
        <SettingsStep
          finishCriteria={form.finishCriteria}
          onFinishCriteriaChange={(finishCriteria) => changeForm({ finishCriteria }, 'finishCriteria')}
          askEndDate={settingsAskEndDate(form)}
          timeZone={form.timeZone}
          onTimeZoneChange={(timeZone) => changeForm({ timeZone })}
          endText={form.endText}
          onEndChange={(endText) => changeForm({ endText }, 'endDate')}
          today={today}
          errors={shown}
        >
          {rewardFields}
          {budget && (
            <BudgetPanel status={budget} paying={busy === 'pay'} failure={budgetFailure} onPay={() => void pay()} currency={me.brand.currency} />
          )}
          {budget && topUp.modal}
        </SettingsStep>
      );
      break;
    case 'reach':
      body = (
        <ReachStep
          campaignType={campaign.type}
          scope={form.scope}
          pks={form.pks}
          onStoresChange={(value) =>
            // Another scope starts from an empty selection (product rule R13).
            changeForm({ scope: value.scope, pks: value.scope === form.scope ? value.pks : [] }, 'pks')
          }
          countries={form.countries}
          onCountriesChange={(countries) => changeForm({ countries }, 'countryCodes')}
          onReachChange={(reach) => setForm((prev) => ({ ...prev, reach }))}
          error={shown['pks'] ?? shown['countryCodes'] ?? null}
        />
      );
      break;
    case 'schedule':
      body = (
        <ScheduleStep
          timeZone={form.timeZone}
          onTimeZoneChange={(timeZone) => changeForm({ timeZone })}
          startText={form.startText}
          // A new start clears the end (product rule R14): it was chosen relative to the old one.
          onStartChange={(startText) => {
            if (startText === form.startText) return;
            // Touching the end too says at once why it emptied.
            changeForm({ startText, endText: '' }, 'startDate', ...(form.endText === '' ? [] : ['endDate']));
          }}
          askEndDate={needsEndDate(form.finishCriteria)}
          endText={form.endText}
          onEndChange={(endText) => changeForm({ endText }, 'endDate')}
          today={today}
          errors={shown}
        >
          {(form.action === 'reschedule' || rewardErrorOnSchedule) && rewardFields}
        </ScheduleStep>
      );
      break;
    case 'smartReview':
      body = <SmartReviewPanel variant="plain" />;
      break;
  }

  const primaryLabel = isLast ? t(`launch.submit.${form.action}`) : t('launch.next');
  // With a budget due, paying is the way on (its button is in the panel); a short wallet can be re-checked.
  const waitingOnBudget = step === 'settings' && budget !== null;
  const showPrimary = !waitingOnBudget || budget.walletBalance < budget.due;

  return (
    <Modal
      opened
      onClose={() => {
        if (busy !== 'submit') onClose();
      }}
      title={<Text fw={650}>{title}</Text>}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={busy === null}
    >
      <Stack gap="lg">
        {showsLaunchStepBar(form.action) && (
          <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false} aria-label={t('launch.steps-label')}>
            {steps.map((s) => (
              <Stepper.Step key={s} label={t(`launch.step.${s}`)} allowStepSelect={false} />
            ))}
          </Stepper>
        )}

        <Box data-testid={`launch-step-${step}`}>{body}</Box>

        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {invalid && (
          <Text size="sm" c="gray.7" data-testid="launch-complete-step">
            {t('launch.complete-step')}
          </Text>
        )}

        <Group justify="space-between">
          <Button variant="default" onClick={onClose} disabled={busy === 'submit'}>
            {t('common.cancel')}
          </Button>
          <Group gap="sm">
            {previous && (
              <Button
                variant="subtle"
                onClick={() => {
                  setBudget(null);
                  setStep(previous);
                }}
                disabled={busy !== null}
              >
                {t('launch.back')}
              </Button>
            )}
            {/* A disabled button gets no clicks; the wrapper takes them to reveal what is missing. */}
            {showPrimary && (
              <Box
                component="span"
                display="inline-block"
                onClick={invalid ? attempt : undefined}
                style={invalid ? { cursor: 'not-allowed' } : undefined}
                data-testid="launch-primary"
              >
                <Button
                  onClick={() => void (isLast ? submit() : next())}
                  disabled={invalid}
                  loading={busy === 'next' || busy === 'submit'}
                  style={invalid ? { pointerEvents: 'none' } : undefined}
                >
                  {waitingOnBudget ? t('launch.budget.check-again') : primaryLabel}
                </Button>
              </Box>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

export default LaunchModal;
