import type { ReactNode } from 'react';
import { needsEndDate, settingsAskEndDate, type TCampaign } from '@rally/domain';
import { useSession } from '../../../app/session';
import { SmartReviewPanel } from '../../smart-review';
import type { TLaunchState } from '../lib/use-launch-state';
import { BudgetPanel } from './budget-panel';
import { ChooseStep } from './choose-step';
import { ReachStep } from './reach-step';
import { RewardEndDates } from './reward-end-dates';
import { ScheduleStep } from './schedule-step';
import { SettingsStep } from './settings-step';

interface LaunchStepBodyProps {
  campaign: TCampaign;
  state: TLaunchState;
  /** The settings step's budget panel: paying, its failure, and the payment form of a top-up. */
  budget: { paying: boolean; failure: string | null; onPay: () => void; topUpModal: ReactNode };
}

/** The current step of the launch modal, wired to the form. */
export function LaunchStepBody({ campaign, state, budget }: LaunchStepBodyProps) {
  const me = useSession();
  const { form, read, step, stepErrors, shown, today, changeForm } = state;

  const rewardFields = (
    <RewardEndDates
      rewards={state.codes}
      values={state.rewardValues}
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

  switch (step) {
    case 'choose':
      return (
        <ChooseStep
          value={form.action === 'schedule' ? 'schedule' : 'launch'}
          onChange={(action) => {
            changeForm({ action });
            state.setBudget(null);
          }}
        />
      );
    case 'settings':
      return (
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
          {state.budget && (
            <BudgetPanel
              status={state.budget}
              paying={budget.paying}
              failure={budget.failure}
              onPay={budget.onPay}
              currency={me.brand.currency}
            />
          )}
          {state.budget && budget.topUpModal}
        </SettingsStep>
      );
    case 'reach':
      return (
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
          onReachChange={(reach) => changeForm({ reach })}
          error={shown['pks'] ?? shown['countryCodes'] ?? null}
        />
      );
    case 'schedule':
      return (
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
    case 'smartReview':
      return <SmartReviewPanel variant="plain" />;
  }
}
