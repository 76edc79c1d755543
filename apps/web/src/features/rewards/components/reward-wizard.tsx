import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyRewardScope,
  isScopeChoiceOffered,
  nextRewardStep,
  rewardFlow,
  validateAssignment,
  validateConditions,
  validateRewardDetails,
  validateRewardScope,
  type TCampaign,
  type TCampaignMission,
  type TErrorField,
  type TRewardRead,
  type TRewardType,
  type TRewardWizardStep,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { closeOrConfirmDiscard } from '../../../components/confirm-discard';
import { useSession } from '../../../app/session';
import { builderKeys } from '../../../app/query-keys';
import { saveReward } from '../api/rewards-api';
import {
  assignmentInput,
  conditionsInput,
  formDefaults,
  formFromReward,
  rewardErrorText,
  saveBody,
  stepOfPath,
  toDraft,
  type TRewardForm,
} from '../lib/reward-form';
import { useSoldItems } from '../lib/use-sold-items';
import { AssignmentStep } from './assignment-step';
import { ConditionsStep } from './conditions-step';
import { DetailsStep } from './details-step';
import { RewardInfoList } from './reward-info-list';
import { ScopeChoice } from './scope-choice';
import { TypeStep } from './type-step';

export interface RewardWizardProps {
  /** With its time zone, the codes export writes times in it (the browser's zone otherwise). */
  campaign: Pick<TCampaign, 'id' | 'type' | 'sharedCampaign'> & Partial<Pick<TCampaign, 'timeZone'>>;
  missions: TCampaignMission[];
  /** The reward edited; absent when adding. */
  reward?: TRewardRead | undefined;
  /** Campaign-view: a partner brand fills a reward assigned to it — no step bar, no type change, no assignment or conditions for non-retailers. */
  viewMode?: boolean | undefined;
  onClose: () => void;
}

/** Adds or edits a reward: type → details → (assignment) → (conditions) → confirmation (product rule R32). */
export function RewardWizard({ campaign, missions, reward, viewMode = false, onClose }: RewardWizardProps) {
  const { t } = useTranslation();
  const me = useSession();
  const queryClient = useQueryClient();
  const scopeOffered = isScopeChoiceOffered(campaign.type);
  const [form, setForm] = useState<TRewardForm>(() => {
    const initial = reward ? formFromReward(reward) : formDefaults('money');
    // Without the choice there is nothing to pick a mission with: such a reward covers the campaign.
    return scopeOffered ? initial : applyRewardScope(initial, 'campaign');
  });
  // What the wizard opened with: closing asks before throwing away anything changed since.
  const [opening] = useState(() => JSON.stringify(form));
  const [step, setStep] = useState<TRewardWizardStep>(reward ? 'details' : 'type');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<TErrorField[]>([]);

  const fullFlow = rewardFlow({
    rewardType: form.type,
    campaignType: campaign.type,
    consumer: campaign.type === 'consumer',
    sharedCampaign: campaign.sharedCampaign,
    viewMode,
    isRetailer: me.brand.isRetailer,
  });
  // A partner fills the reward the retailer typed: it never goes back to the type step.
  const flow = viewMode ? { ...fullFlow, steps: fullFlow.steps.filter((s) => s !== 'type') } : fullFlow;

  // Dynamic cash rows must cover every item sold in the campaign's itemSold missions.
  const sold = useSoldItems(missions, form.type === 'money' && form.dynamicActive);
  const problems: Record<TRewardWizardStep, TErrorField[]> = {
    type: [],
    details: [
      ...validateRewardScope({
        scope: form.scope,
        missionId: form.missionId,
        campaignMissionIds: missions.map((m) => m.missionId),
        scopeOffered,
      }),
      ...(viewMode && form.type === 'money'
        ? [] // the retailer set the amount; the partner's part is its proposed budget
        : validateRewardDetails(
            { ...toDraft(form), suppliedByPartner: viewMode && form.type === 'discount' },
            {
              paymentPlan: me.brand.paymentPlan,
              ...(form.dynamicActive ? { soldItemIds: sold.items.map((item) => item.id) } : {}),
            },
          )),
    ],
    assignment: flow.steps.includes('assignment') ? validateAssignment(assignmentInput(form)) : [],
    conditions: flow.steps.includes('conditions') ? validateConditions(conditionsInput(form)) : [],
    confirmation: [],
  };
  // While the sold items load, dynamic cash cannot be checked against them yet.
  const stepValid = problems[step].length === 0 && !(step === 'details' && sold.loading);
  const isSaveStep = step === flow.saveAfter;
  const stepIndex = flow.steps.indexOf(step);
  const previous = stepIndex > 0 ? flow.steps[stepIndex - 1] : undefined;

  // Rules' messages for fields the user has touched, then what the server said about untouched ones.
  const shown: Record<string, string> = {};
  for (const field of serverErrors) shown[field.path] = rewardErrorText(field, t);
  for (const field of problems[step]) if (touched.has(field.path)) shown[field.path] = rewardErrorText(field, t);

  function change(patch: Partial<TRewardForm>, path: string | string[]) {
    const paths = typeof path === 'string' ? [path] : path;
    setForm((prev) => ({ ...prev, ...patch }));
    setTouched((prev) => (paths.every((p) => prev.has(p)) ? prev : new Set([...prev, ...paths])));
    setServerErrors((prev) => prev.filter((f) => !paths.includes(f.path)));
  }

  function changeType(type: TRewardType) {
    if (type === form.type) return;
    // Changing type resets every field to that type's defaults (product rule R31).
    setForm(formDefaults(type));
    setTouched(new Set());
    setServerErrors([]);
  }

  /** The first step that shows a field the server refused (never the type step), if any. */
  const stepOfFields = (fields: readonly TErrorField[]) =>
    flow.steps.find((s) => fields.some((f) => stepOfPath(f.path) === s && s !== 'type'));

  const save = useMutation({
    mutationFn: () => saveReward(saveBody(form, { bundleId: campaign.id, id: reward?.id, steps: flow.steps })),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: builderKeys.formData(campaign.id) });
      notifications.show({
        color: 'teal',
        message: reward
          ? t('rewards.updated')
          : t('rewards.added', { title: saved.title || t(`rewards.type.${saved.type}`) }),
        closeButtonProps: { 'aria-label': t('common.close') },
      });
      onClose();
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fields : [];
      if (fields.length === 0) return;
      setServerErrors(fields);
      const first = stepOfFields(fields);
      if (first) setStep(first);
    },
  });
  const saving = save.isPending;
  const cancel = () => closeOrConfirmDiscard(!saving && JSON.stringify(form) !== opening, onClose);

  /** A refusal not shown beside a field of some step is said below the step. */
  function failureText(error: unknown): string | null {
    const fields = isApiError(error) ? error.fields : [];
    if (fields.length === 0) return errorMessage(t, error);
    return stepOfFields(fields) ? null : fields.map((f) => rewardErrorText(f, t)).join(' ');
  }
  const failure = save.error ? failureText(save.error) : null;

  function forward() {
    if (!stepValid) return;
    if (isSaveStep) {
      save.mutate();
      return;
    }
    const next = nextRewardStep(flow, step);
    if (next) setStep(next);
  }

  return (
    <Modal
      opened
      onClose={cancel}
      title={
        <Text fw={650}>
          {viewMode ? t('rewards.title-fill') : reward ? t('rewards.title-edit') : t('rewards.title-add')}
        </Text>
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={!saving}
    >
      <Stack gap="lg">
        {flow.showStepBar && (
          <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false} aria-label={t('rewards.steps-label')}>
            {flow.steps.map((s) => (
              <Stepper.Step key={s} label={t(`rewards.step.${s}`)} allowStepSelect={false} />
            ))}
          </Stepper>
        )}

        {step === 'type' && <TypeStep value={form.type} onChange={changeType} />}
        {step === 'details' && (
          <Stack gap="md">
            {/* On details rather than assignment: money and prize skip assignment, yet learning progress counts them per mission. */}
            {scopeOffered && (
              <ScopeChoice
                value={{ scope: form.scope, missionId: form.missionId }}
                onChange={(scope, paths) => change(scope, paths)}
                missions={missions}
                errors={shown}
              />
            )}
            <DetailsStep
              form={form}
              onChange={change}
              errors={shown}
              paymentPlan={me.brand.paymentPlan}
              rewardId={reward?.id}
              // Codes are generated into a saved reward's pool; a partner filling a shared reward generates none here.
              generateIn={viewMode ? undefined : campaign.id}
              // The brand's own saved codes; a partner filling a shared reward exports nothing here.
              codesExport={viewMode ? undefined : { timeZone: campaign.timeZone }}
              sold={sold}
              paidCents={reward?.type === 'money' ? reward.budgetPaid : 0}
            />
          </Stack>
        )}
        {step === 'assignment' && (
          <AssignmentStep
            value={form.assignment}
            onChange={(assignment, path) => change({ assignment }, path)}
            missions={missions}
            rewardId={reward?.id}
            errors={shown}
          />
        )}
        {step === 'conditions' && <ConditionsStep form={form} onChange={change} errors={shown} />}
        {step === 'confirmation' && (
          <RewardInfoList form={form} steps={flow.steps} missions={scopeOffered ? missions : undefined} />
        )}

        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {!stepValid && (
          <Text size="sm" c="gray.7" data-testid="complete-all-sections">
            {t('rewards.complete-all-sections')}
          </Text>
        )}

        <Group justify="space-between">
          <Button variant="default" onClick={cancel} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Group gap="sm">
            {previous && (
              <Button variant="subtle" onClick={() => setStep(previous)} disabled={saving}>
                {t('rewards.back')}
              </Button>
            )}
            <Button onClick={forward} loading={saving} disabled={!stepValid}>
              {isSaveStep ? t('rewards.save') : t('rewards.next')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
