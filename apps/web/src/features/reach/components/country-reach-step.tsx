import { useId, useMemo, useState } from 'react';
import { CloseButton, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { TReach, TSelectedCountry } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useReach } from '../api/reach-api';
import { allCountryCodes, countryName, toSelectedCountry } from '../lib/country-names';
import { ReachTiles } from './reach-tiles';
import { useReportReach } from './use-report-reach';
import { WorldMap } from './world-map';

export interface CountryReachStepProps {
  value: TSelectedCountry[];
  onChange(next: TSelectedCountry[]): void;
  onReachChange?(reach: TReach): void;
  /** Already translated, e.g. the launch form's "select a country" message. */
  error?: string | null;
}

/**
 * The reach step of a consumer launch (product rule R13): a world map on which a
 * click toggles a country, a search to add one from the keyboard (or one too small for the
 * map), the selected countries each with a remove button, and the reach they give.
 */
export function CountryReachStep({ value, onChange, onReachChange, error }: CountryReachStepProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const [search, setSearch] = useState('');
  const lang = i18n.language;
  const codes = value.map((country) => country.code);
  const selected = new Set(codes);

  const reach = useReach(codes.length > 0 ? { scope: 'all', pks: [], countryCodes: codes } : null);
  useReportReach(reach.current, onReachChange);

  const label = (code: string) => countryName(code, lang);
  const add = (code: string) => {
    if (!selected.has(code)) onChange([...value, toSelectedCountry(code)]);
  };
  const remove = (code: string) => onChange(value.filter((country) => country.code !== code));
  const toggle = (code: string) => (selected.has(code) ? remove(code) : add(code));

  const options = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return allCountryCodes()
      .map((code) => ({ value: code, label: countryName(code, lang) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [lang]);

  return (
    <Stack gap="md">
      <ReachTiles state={reach} />
      <Text id={hintId} size="sm" c="dimmed">
        {t('reach.countries.hint')}
      </Text>
      <WorldMap selected={selected} onToggle={toggle} countryLabel={label} describedBy={hintId} />
      <Select
        label={t('reach.countries.add')}
        placeholder={t('reach.countries.add-placeholder')}
        data={options.filter((option) => !selected.has(option.value))}
        // Always empty: choosing a country adds it to the list below and clears the search.
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(code) => {
          if (code) add(code);
          setSearch('');
        }}
        searchable
        clearable={false}
        nothingFoundMessage={t('reach.countries.nothing-found')}
        limit={50}
        maw={360}
      />
      <Paper withBorder radius="md" p="sm">
        <Text size="sm" fw={600} id={`${hintId}-selected`}>
          {t('reach.countries.selected', { formatted: formatNumber(value.length, lang) })}
        </Text>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('reach.countries.none')}
          </Text>
        ) : (
          <Group
            component="ul"
            gap="xs"
            mt="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby={`${hintId}-selected`}
          >
            {value.map((country) => (
              <Group
                component="li"
                key={country.code}
                gap={4}
                wrap="nowrap"
                pl="sm"
                pr={4}
                py={2}
                bg="var(--mantine-primary-color-light)"
                style={{ borderRadius: 'var(--mantine-radius-xl)' }}
              >
                <Text size="sm">{label(country.code)}</Text>
                <CloseButton
                  size="sm"
                  radius="xl"
                  aria-label={t('reach.countries.remove', { name: label(country.code) })}
                  onClick={() => remove(country.code)}
                />
              </Group>
            ))}
          </Group>
        )}
      </Paper>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
