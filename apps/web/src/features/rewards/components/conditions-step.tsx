import { Checkbox, NumberInput, Stack } from '@mantine/core';
import { applyUnlimited } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import type { TRewardForm } from '../lib/reward-form';

interface ConditionsStepProps {
  form: TRewardForm;
  onChange: (patch: Partial<TRewardForm>, path: string) => void;
  errors: Record<string, string>;
}

/** Completions to unlock (not for money, always 1) and the per-user limit. */
export function ConditionsStep({ form, onChange, errors }: ConditionsStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {form.type !== 'money' && (
        <NumberInput
          label={t('rewards.conditions.completions')}
          description={t('rewards.conditions.completions-hint')}
          value={form.completionsToUnlock}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) => onChange({ completionsToUnlock: String(v) }, 'completionsToUnlock')}
          error={errors['completionsToUnlock']}
          required
        />
      )}
      <NumberInput
        label={t('rewards.conditions.max-per-user')}
        value={form.maxPerUser}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        disabled={form.isUnlimited}
        onChange={(v) => onChange({ maxPerUser: String(v) }, 'maxPerUser')}
        error={errors['maxPerUser']}
      />
      <Checkbox
        label={t('rewards.conditions.unlimited')}
        checked={form.isUnlimited}
        onChange={(e) =>
          // Ticking unlimited sets max per user to 1 (product rule R38), shown in the disabled field.
          onChange(applyUnlimited(e.currentTarget.checked, form.maxPerUser, '1'), 'maxPerUser')
        }
      />
    </Stack>
  );
}
