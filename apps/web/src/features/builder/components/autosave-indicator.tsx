import { Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAutosaveState } from '../lib/use-builder-writes';

/** Autosave state 1 (saving) and 2 (done) (product rule R47), announced politely to screen readers. */
export function AutosaveIndicator({ state }: { state: TAutosaveState }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-state={state}>
      {state === 'saving' && <Loader size={14} aria-hidden />}
      {(state === 'done' || state === 'idle') && (
        <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
      )}
      {state === 'error' && <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />}
      <Text size="sm" c={state === 'error' ? 'red.8' : 'dimmed'}>
        {state === 'saving'
          ? t('builder.autosave.saving')
          : state === 'error'
            ? t('builder.autosave.error')
            : t('builder.autosave.done')}
      </Text>
    </Group>
  );
}
