import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { timeZoneOptionsWith } from '../lib/time-zones';

interface TimeZoneSelectProps {
  value: string;
  onChange: (timeZone: string) => void;
  error?: string | null | undefined;
}

/** The campaign's zone; dates in the form are read as wall-clock time there (product rules R14, R47). */
export function TimeZoneSelect({ value, onChange, error }: TimeZoneSelectProps) {
  const { t } = useTranslation();
  const data = useMemo(() => timeZoneOptionsWith(value), [value]);
  return (
    <Select
      label={t('launch.fields.time-zone')}
      description={t('launch.fields.time-zone-hint')}
      data={data}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('launch.fields.time-zone-none')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      error={error || undefined}
      data-testid="time-zone-select"
    />
  );
}
