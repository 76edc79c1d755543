import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface TableSearchProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  onClear(): void;
  width?: number;
}

/** The search box above a paged table, with a clear button once something is typed. */
export function TableSearch({ label, placeholder, value, onChange, onClear, width = 320 }: TableSearchProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value !== '' && <CloseButton size="sm" aria-label={t('table.search-clear')} onClick={onClear} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="search"
      w={{ base: '100%', sm: width }}
    />
  );
}
