import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { SHARED_DATA_OPTIONS, toggleSharedData, type TSharedDataOption } from '@rally/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface SharedDataStepProps {
  value: TSharedDataOption[];
  onChange: (value: TSharedDataOption[]) => void;
  error: string | undefined;
  readOnly: boolean;
}

/** Step 3 (shared campaigns): which results partner brands may see; at least one. */
export function SharedDataStep({ value, onChange, error, readOnly }: SharedDataStepProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <Text fw={500} size="sm" id={labelId}>
        {t('builder.wizard.shared-data-label')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('builder.wizard.shared-data-hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={8} mt={4}>
        {SHARED_DATA_OPTIONS.map((option) => (
          <Checkbox
            key={option}
            label={t(`builder.shared-data.${option}`)}
            checked={value.includes(option)}
            disabled={readOnly}
            onChange={(e) => onChange(toggleSharedData(value, option, e.currentTarget.checked))}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
