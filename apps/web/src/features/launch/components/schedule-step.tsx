import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from './time-zone-select';
import { ZonedDateTimeField } from './zoned-date-time-field';

interface ScheduleStepProps {
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  startText: string;
  onStartChange: (text: string) => void;
  /** Only when the campaign ends by date (product rule R14). */
  askEndDate: boolean;
  endText: string;
  onEndChange: (text: string) => void;
  today: string;
  errors: Record<string, string>;
  children?: ReactNode;
}

/** Schedule (product rule R14): time zone, start, and end when the end-date criterion is chosen. */
export function ScheduleStep(props: ScheduleStepProps) {
  const { t } = useTranslation();
  const zone = props.timeZone.replace(/_/g, ' ');
  // The end cannot be before the day the campaign starts.
  const endMin = props.startText === '' ? props.today : props.startText.slice(0, 10);
  return (
    <Stack gap="md">
      <TimeZoneSelect value={props.timeZone} onChange={props.onTimeZoneChange} />
      <ZonedDateTimeField
        label={t('launch.fields.start')}
        description={t('launch.fields.start-hint', { zone })}
        value={props.startText}
        onChange={props.onStartChange}
        minDate={props.today}
        error={props.errors['startDate']}
        required
        testId="start-date"
      />
      {props.askEndDate ? (
        <ZonedDateTimeField
          label={t('launch.fields.end')}
          description={t('launch.fields.end-hint', { zone })}
          value={props.endText}
          onChange={props.onEndChange}
          minDate={endMin}
          error={props.errors['endDate']}
          required
          testId="end-date"
        />
      ) : (
        <Text size="sm" c="gray.7">
          {t('launch.schedule.no-end')}
        </Text>
      )}
      {props.children}
    </Stack>
  );
}
