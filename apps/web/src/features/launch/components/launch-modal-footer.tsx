import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLaunchState } from '../lib/use-launch-state';
import type { TLaunchBusy } from '../lib/use-launch-writes';

interface LaunchModalFooterProps {
  state: TLaunchState;
  busy: TLaunchBusy;
  onCancel: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

/** Cancel, Back, and Next or the launch itself (Check again while a budget is due). */
export function LaunchModalFooter({ state, busy, onCancel, onNext, onSubmit }: LaunchModalFooterProps) {
  const { t } = useTranslation();
  const { form, step, budget, previous, isLast, invalid } = state;
  const primaryLabel = isLast ? t(`launch.submit.${form.action}`) : t('launch.next');
  // With a budget due, paying is the way on (its button is in the panel); a short wallet can be re-checked.
  const waitingOnBudget = step === 'settings' && budget !== null;
  const showPrimary = !waitingOnBudget || budget.walletBalance < budget.due;

  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onCancel} disabled={busy === 'submit'}>
        {t('common.cancel')}
      </Button>
      <Group gap="sm">
        {previous && (
          <Button
            variant="subtle"
            onClick={() => {
              state.setBudget(null);
              state.setStep(previous);
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
            onClick={invalid ? () => state.attempt() : undefined}
            style={invalid ? { cursor: 'not-allowed' } : undefined}
            data-testid="launch-primary"
          >
            <Button
              onClick={isLast ? onSubmit : onNext}
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
  );
}
