import { Alert, Box, Modal, Stack, Stepper, Text } from '@mantine/core';
import { launchTitle, showsLaunchStepBar } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useLaunchState, type TLaunchFormData } from '../lib/use-launch-state';
import { useLaunchWrites } from '../lib/use-launch-writes';
import { LaunchModalFooter } from './launch-modal-footer';
import { LaunchStepBody } from './launch-step-body';

export interface LaunchModalProps {
  formData: TLaunchFormData;
  /** 'launch' starts at the choice between launch now and schedule; 'reschedule' edits a scheduled campaign. */
  mode: 'launch' | 'reschedule';
  onClose: () => void;
}

/** Launch now, schedule or reschedule a campaign (product rules R10–R17). */
export function LaunchModal({ formData, mode, onClose }: LaunchModalProps) {
  const { t } = useTranslation();
  const { campaign } = formData;
  const state = useLaunchState(formData, mode);
  const writes = useLaunchWrites(formData, state, onClose);
  const { busy } = writes;

  return (
    <Modal
      opened
      onClose={() => {
        if (busy !== 'submit') onClose();
      }}
      title={<Text fw={650}>{t(`launch.title.${launchTitle(state.form.action, campaign.sharedCampaign)}`)}</Text>}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={busy === null}
    >
      <Stack gap="lg">
        {showsLaunchStepBar(state.form.action) && (
          <Stepper
            active={state.steps.indexOf(state.step)}
            size="sm"
            allowNextStepsSelect={false}
            aria-label={t('launch.steps-label')}
          >
            {state.steps.map((s) => (
              <Stepper.Step key={s} label={t(`launch.step.${s}`)} allowStepSelect={false} />
            ))}
          </Stepper>
        )}

        <Box data-testid={`launch-step-${state.step}`}>
          <LaunchStepBody
            campaign={campaign}
            state={state}
            budget={{
              paying: busy === 'pay',
              failure: writes.budgetFailure,
              onPay: writes.pay,
              topUpModal: writes.topUpModal,
            }}
          />
        </Box>

        {writes.failure && (
          <Alert color="red" variant="light" role="alert">
            {writes.failure}
          </Alert>
        )}
        {state.invalid && (
          <Text size="sm" c="gray.7" data-testid="launch-complete-step">
            {t('launch.complete-step')}
          </Text>
        )}

        <LaunchModalFooter state={state} busy={busy} onCancel={onClose} onNext={writes.next} onSubmit={writes.submit} />
      </Stack>
    </Modal>
  );
}

export default LaunchModal;
