import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, languageEndonym, toSupportedLanguage, DEFAULT_LANGUAGE } from '../i18n/languages';

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: languageEndonym(language) }));

/** Changing the language re-renders every translated string and formatted date; i18n.ts persists it. */
export function LanguageSwitcher({ width = 150 }: { width?: number | string }) {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <Select
      aria-label={t('header.language')}
      data={OPTIONS}
      value={current}
      onChange={(value) => {
        if (isLanguage(value)) void i18n.changeLanguage(value);
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={width}
      size="sm"
    />
  );
}
