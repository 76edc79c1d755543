import { useEffect, useState } from 'react';
import {
  launchSteps,
  nextLaunchStep,
  previousLaunchStep,
  todayInZone,
  type TBudgetStatus,
  type TFormData,
  type TLaunchStep,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import {
  codeRewards,
  errorsByPath,
  initialLaunchForm,
  launchStepErrors,
  readLaunchForm,
  rewardEndText,
  type TLaunchForm,
} from './launch-form';

/** The clock the rules read ("start in the past"), moved on while the modal stays open. */
function useNowSeconds(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export type TLaunchFormData = Pick<TFormData, 'campaign' | 'rewards' | 'mode'> & { missions?: TFormData['missions'] };

/**
 * The launch modal's form and where it stands: the step, the rules' verdict on what was entered,
 * and which of the errors to show (a missing entry once the field was used or Next was tried; a wrong one at once).
 */
export function useLaunchState(formData: TLaunchFormData, mode: 'launch' | 'reschedule') {
  const { t } = useTranslation();
  const me = useSession();
  const { campaign, rewards } = formData;
  const now = useNowSeconds();

  const [form, setForm] = useState<TLaunchForm>(() =>
    initialLaunchForm(campaign, mode === 'reschedule' ? 'reschedule' : 'launch'),
  );
  // The smart-review step (spec §2) is offered where receipts prove sales: item-sold and contest missions.
  const takesReceipts =
    campaign.type !== 'consumer' &&
    (formData.missions ?? []).some((m) => m.type === 'contest' || m.mission.subtype === 'itemSold');
  const flow = { action: form.action, campaignType: campaign.type, smartReview: takesReceipts };
  const steps = launchSteps(flow);
  const [step, setStep] = useState<TLaunchStep>(steps[0] ?? 'schedule');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<TLaunchStep>>(new Set());
  // What the server refused to save (a reward's expiry), by field path, already in words.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // The budget still owed before a launch now can go on (shown on the settings step), if any.
  const [budget, setBudget] = useState<TBudgetStatus | null>(null);

  const read = readLaunchForm(form, {
    campaign,
    rewards,
    isRetailer: me.brand.isRetailer,
    isCampaignOwner: formData.mode === 'builder',
    paymentPlan: me.brand.paymentPlan,
    now,
  });
  const stepErrors = launchStepErrors(step, read);
  const codes = codeRewards(rewards);
  const rewardValues = Object.fromEntries(codes.map((r) => [r.id, rewardEndText(form, r)]));

  const hasValue = (path: string) => {
    if (path === 'startDate') return form.startText !== '';
    if (path === 'endDate') return form.endText !== '';
    const reward = /^rewards\.(\d+)\.endDate$/.exec(path);
    return reward ? (rewardValues[Number(reward[1])] ?? '') !== '' : false;
  };
  const visible = stepErrors.filter((e) => attempted.has(step) || touched.has(e.path) || hasValue(e.path));

  function touch(...paths: string[]) {
    setTouched((prev) => (paths.every((p) => prev.has(p)) ? prev : new Set([...prev, ...paths])));
    setServerErrors((prev) =>
      paths.some((p) => p in prev)
        ? Object.fromEntries(Object.entries(prev).filter(([p]) => !paths.includes(p)))
        : prev,
    );
  }

  return {
    form,
    read,
    flow,
    steps,
    step,
    stepErrors,
    invalid: stepErrors.length > 0,
    today: todayInZone(now, form.timeZone),
    codes,
    rewardValues,
    shown: { ...serverErrors, ...errorsByPath(visible, t, form.timeZone) },
    previous: previousLaunchStep(flow, step),
    isLast: nextLaunchStep(flow, step) === null,
    budget,
    setBudget,
    setStep,
    setServerErrors,
    /** Next or Launch was tried on this step: its missing entries are pointed out. */
    attempt(which: TLaunchStep = step) {
      setAttempted((prev) => (prev.has(which) ? prev : new Set([...prev, which])));
    },
    changeForm(patch: Partial<TLaunchForm>, ...paths: string[]) {
      setForm((prev) => ({ ...prev, ...patch }));
      if (paths.length > 0) touch(...paths);
    },
  };
}

export type TLaunchState = ReturnType<typeof useLaunchState>;
