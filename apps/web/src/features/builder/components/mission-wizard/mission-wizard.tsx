import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { closeOrConfirmDiscard } from '../../../../components/confirm-discard';
import { Alert, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { notify } from '../../../../lib/notify';
import {
  defaultSharedData,
  missionWizardSteps,
  nextWizardStep,
  previousWizardStep,
  validateMissionSettings,
  type TCampaign,
  type TCampaignMission,
  type TErrorField,
  type TMissionWizardMode,
  type TMissionWizardStep,
  type TSharedDataOption,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { addCampaignMission, updateCampaignMission } from '../../api/builder-api';
import { isStaleVersion, type BuilderWrites } from '../../lib/use-builder-writes';
import { DETAIL_PATHS, initialDetails, missionErrorText, missionSettingsBody } from '../../lib/mission-settings';
import { DetailsStep, type TDetailsValues } from './details-step';
import { SelectStep, type TPickedMission } from './select-step';
import { SharedDataStep } from './shared-data-step';

interface MissionWizardProps {
  campaign: TCampaign;
  mode: TMissionWizardMode;
  /** The entry edited or viewed; absent when adding. */
  entry?: TCampaignMission;
  alreadyAdded: ReadonlySet<number>;
  writes: BuilderWrites;
  onClose: () => void;
}

/** Adds, edits or (campaign-view) shows a mission of the campaign: select → details → shared data. */
export function MissionWizard({ campaign, mode, entry, alreadyAdded, writes, onClose }: MissionWizardProps) {
  const { t } = useTranslation();
  const flow = missionWizardSteps({ campaignType: campaign.type, sharedCampaign: campaign.sharedCampaign, mode });
  const [step, setStep] = useState<TMissionWizardStep>(flow.start ?? 'details');
  const [picked, setPicked] = useState<TPickedMission | null>(
    entry ? { id: entry.missionId, title: entry.mission.title, itemCount: entry.mission.itemCount } : null,
  );
  const [values, setValues] = useState<TDetailsValues>(() => initialDetails(entry));
  const [sharedData, setSharedData] = useState<TSharedDataOption[]>(() =>
    entry ? [...entry.sharedData] : defaultSharedData(),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<TMissionWizardStep>>(new Set());
  const [serverErrors, setServerErrors] = useState<TErrorField[]>([]);

  const itemCount = picked?.itemCount ?? 0;
  const body = missionSettingsBody(campaign, values, sharedData);
  const problems = validateMissionSettings({
    campaignType: campaign.type,
    sharedCampaign: campaign.sharedCampaign && campaign.type === 'contest',
    itemCount,
    ...body,
  });
  const detailProblems = problems.filter((p) => DETAIL_PATHS.includes(p.path));
  const sharedProblems = problems.filter((p) => p.path === 'sharedData');

  // Client rules first, then what the server said about fields the user has not changed since.
  const shown: Record<string, string> = {};
  for (const field of serverErrors) shown[field.path] = missionErrorText(field, t);
  for (const field of problems) {
    const stepOfField: TMissionWizardStep = field.path === 'sharedData' ? 'sharedData' : 'details';
    if (attempted.has(stepOfField) || touched.has(field.path)) shown[field.path] = missionErrorText(field, t);
  }
  const missionError = serverErrors.find((f) => f.path === 'missionId');

  const isLast = nextWizardStep(flow, step) === null;
  const previous = previousWizardStep(flow, step);
  const stepIndex = flow.steps.indexOf(step);

  function touch(path: string) {
    setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path)));
    setServerErrors((prev) => prev.filter((f) => f.path !== path));
  }

  function stepValid(current: TMissionWizardStep) {
    if (current === 'select') return picked !== null;
    if (current === 'details') return detailProblems.length === 0;
    return sharedProblems.length === 0;
  }

  /** The step that shows the fields the server refused, if the wizard has it. */
  function stepOfFields(fields: readonly TErrorField[]): TMissionWizardStep | null {
    if (fields.some((f) => f.path === 'missionId') && flow.steps.includes('select')) return 'select';
    if (fields.some((f) => DETAIL_PATHS.includes(f.path)) && flow.steps.includes('details')) return 'details';
    if (fields.some((f) => f.path === 'sharedData') && flow.steps.includes('sharedData')) return 'sharedData';
    return null;
  }

  const save = useMutation({
    mutationFn: () =>
      writes.run(
        () =>
          mode === 'create' && picked
            ? addCampaignMission(campaign.id, { missionId: picked.id, ...body })
            : updateCampaignMission(campaign.id, entry?.id ?? 0, body),
        { refetch: true },
      ),
    onSuccess: () => {
      notify({
        color: 'teal',
        message:
          mode === 'create' ? t('builder.wizard.added', { title: picked?.title ?? '' }) : t('builder.wizard.updated'),
      });
      onClose();
    },
    onError: (error) => {
      // The stale dialog explains a stale version; the wizard steps aside for it.
      if (isStaleVersion(error)) {
        onClose();
        return;
      }
      const fields = isApiError(error) ? error.fields : [];
      if (fields.length === 0) return;
      setServerErrors(fields);
      const fieldStep = stepOfFields(fields);
      if (fieldStep) setStep(fieldStep);
    },
  });
  const saving = save.isPending;
  // A refusal not shown beside a field of some step is said below the step.
  const failure =
    save.error && !isStaleVersion(save.error) && stepOfFields(isApiError(save.error) ? save.error.fields : []) === null
      ? errorMessage(t, save.error)
      : null;
  // Closing asks before throwing away what was typed or picked.
  const cancel = () => closeOrConfirmDiscard(!saving && (touched.size > 0 || (picked !== null && !entry)), onClose);

  function forward() {
    setAttempted((prev) => new Set(prev).add(step));
    if (!stepValid(step)) return;
    const next = nextWizardStep(flow, step);
    if (next) {
      setStep(next);
      return;
    }
    if (picked || mode !== 'create') save.mutate();
  }

  const title = flow.fixedTitle
    ? t('builder.wizard.title-view')
    : mode === 'edit'
      ? t('builder.wizard.title-edit')
      : t('builder.wizard.title-add');

  return (
    <Modal
      opened
      onClose={cancel}
      title={<Text fw={650}>{title}</Text>}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={!saving}
    >
      <Stack gap="lg">
        {!flow.readOnly && flow.steps.length > 1 && (
          <Stepper
            active={stepIndex}
            size="sm"
            allowNextStepsSelect={false}
            aria-label={t('builder.wizard.steps-label')}
          >
            {flow.steps.map((s) => (
              <Stepper.Step key={s} label={t(`builder.wizard.step.${s}`)} allowStepSelect={false} />
            ))}
          </Stepper>
        )}
        {picked && step !== 'select' && (
          <Text size="sm" c="gray.7">
            {t('builder.wizard.mission-is', { title: picked.title })}
          </Text>
        )}

        {step === 'select' && (
          <SelectStep
            campaignId={campaign.id}
            picked={picked}
            alreadyAdded={alreadyAdded}
            onPick={(mission) => {
              setPicked(mission);
              setServerErrors([]);
            }}
            serverError={missionError ? missionErrorText(missionError, t) : null}
          />
        )}
        {step === 'details' && (
          <DetailsStep
            campaignType={campaign.type}
            values={values}
            onChange={setValues}
            onTouch={touch}
            errors={shown}
            itemCount={itemCount}
            readOnly={flow.readOnly}
          />
        )}
        {step === 'sharedData' && (
          <SharedDataStep
            value={sharedData}
            onChange={(next) => {
              touch('sharedData');
              setSharedData(next);
            }}
            error={shown['sharedData']}
            readOnly={flow.readOnly}
          />
        )}

        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}

        <Group justify="space-between">
          <Button variant="default" onClick={cancel} disabled={saving}>
            {flow.readOnly ? t('common.close') : t('common.cancel')}
          </Button>
          <Group gap="sm">
            {previous && (
              <Button variant="subtle" onClick={() => setStep(previous)} disabled={saving}>
                {t('builder.wizard.back')}
              </Button>
            )}
            {flow.readOnly ? (
              !isLast && (
                <Button onClick={() => setStep(nextWizardStep(flow, step) ?? step)}>{t('builder.wizard.next')}</Button>
              )
            ) : (
              <Button onClick={forward} loading={saving} disabled={step === 'select' && !picked}>
                {isLast
                  ? mode === 'create'
                    ? t('builder.wizard.save-add')
                    : t('builder.wizard.save-edit')
                  : t('builder.wizard.next')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
