import type { ReactNode } from 'react';
import { Checkbox, Stack } from '@mantine/core';
import { FINISH_CRITERIA, type TFinishCriterion } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from './time-zone-select';
import { ZonedDateTimeField } from './zoned-date-time-field';

interface SettingsStepProps {
  finishCriteria: TFinishCriterion[];
  onFinishCriteriaChange: (next: TFinishCriterion[]) => void;
  /** Launch now asks the end here; scheduling asks it on Schedule (product rule R12). */
  askEndDate: boolean;
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  endText: string;
  onEndChange: (text: string) => void;
  today: string;
  errors: Record<string, string>;
  /** The code rewards' expiry fields and, for a launch now, the budget panel. */
  children?: ReactNode;
}

/** Settings (product rule R12): finish criteria, the end date and zone for a launch now, reward expiry. */
export function SettingsStep(props: SettingsStepProps) {
  const { t } = useTranslation();
  const { finishCriteria, onFinishCriteriaChange, askEndDate, errors } = props;
  return (
    <Stack gap="lg">
      <Checkbox.Group
        label={t('launch.settings.criteria')}
        description={t('launch.settings.criteria-hint')}
        value={finishCriteria}
        onChange={(next) =>
          // Kept in the canonical order whatever order they were ticked in.
          onFinishCriteriaChange(FINISH_CRITERIA.filter((c) => next.includes(c)))
        }
        error={errors['finishCriteria']}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          {FINISH_CRITERIA.map((criterion) => (
            <Checkbox
              key={criterion}
              value={criterion}
              label={t(`launch.settings.criterion.${criterion}`)}
              description={t(`launch.settings.criterion-hint.${criterion}`)}
            />
          ))}
        </Stack>
      </Checkbox.Group>

      {askEndDate && (
        <Stack gap="sm">
          <TimeZoneSelect value={props.timeZone} onChange={props.onTimeZoneChange} />
          <ZonedDateTimeField
            label={t('launch.fields.end')}
            description={t('launch.fields.end-hint', { zone: props.timeZone.replace(/_/g, ' ') })}
            value={props.endText}
            onChange={props.onEndChange}
            minDate={props.today}
            error={errors['endDate']}
            required
            testId="end-date"
          />
        </Stack>
      )}

      {props.children}
    </Stack>
  );
}
