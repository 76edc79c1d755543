import { useRef } from 'react';
import { DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

interface ZonedDateTimeFieldProps {
  label: string;
  /** Wall-clock `YYYY-MM-DD HH:mm` in the campaign's zone, '' when unset. */
  value: string;
  onChange: (text: string) => void;
  /** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm`, in the same zone. */
  minDate: string;
  description?: string;
  error?: string | null | undefined;
  required?: boolean;
  testId?: string;
}

const HH_MM = /^\d{2}:\d{2}/;

/**
 * Mantine's picker entered as zone-less wall-clock text; the modal turns it into an instant in
 * the chosen zone with the domain's parseZoned, never through the browser's own zone.
 *
 * The picker assembles its value with dayjs in the browser's zone, which moves a time falling in
 * the *browser's* clock-change gap (02:30 on a spring-forward day) to another hour. The time the
 * person typed is kept aside and put back, so that 02:30 reaches the rules and gets its message.
 */
export function ZonedDateTimeField({
  label,
  value,
  onChange,
  minDate,
  description,
  error,
  required,
  testId,
}: ZonedDateTimeFieldProps) {
  const { t } = useTranslation();
  // What the person typed in the time inputs while the dropdown is open; forgotten when it closes.
  const typedTime = useRef<string | null>(null);

  function change(next: string | null) {
    if (!next) {
      onChange('');
      return;
    }
    onChange(`${next.slice(0, 10)} ${typedTime.current ?? next.slice(11, 16)}`);
  }

  return (
    <DateTimePicker
      label={label}
      description={description}
      // The format as the language writes it (AAAA-MM-JJ in French); the hints and messages use the same key.
      placeholder={t('launch.picker.format')}
      value={value === '' ? null : `${value}:00`}
      onChange={change}
      // The spec's format (YYYY-MM-DD HH:mm), cut from the value rather than re-read through dayjs
      // so the text shown is exactly the wall time entered.
      valueFormat={(date) => date.slice(0, 16)}
      minDate={minDate}
      error={error || undefined}
      required={required}
      clearable
      dropdownType="popover"
      onDropdownClose={() => {
        typedTime.current = null;
      }}
      popoverProps={{ withinPortal: true }}
      timePickerProps={{
        hoursInputLabel: t('launch.picker.hours'),
        minutesInputLabel: t('launch.picker.minutes'),
        onChange: (time: string) => {
          if (HH_MM.test(time)) typedTime.current = time.slice(0, 5);
        },
      }}
      ariaLabels={{
        nextMonth: t('launch.picker.next-month'),
        previousMonth: t('launch.picker.previous-month'),
        nextYear: t('launch.picker.next-year'),
        previousYear: t('launch.picker.previous-year'),
        nextDecade: t('launch.picker.next-decade'),
        previousDecade: t('launch.picker.previous-decade'),
        monthLevelControl: t('launch.picker.month-level'),
        yearLevelControl: t('launch.picker.year-level'),
      }}
      submitButtonProps={{ 'aria-label': t('launch.picker.done') }}
      clearButtonProps={{ 'aria-label': t('launch.picker.clear', { label }) }}
      data-testid={testId}
    />
  );
}
