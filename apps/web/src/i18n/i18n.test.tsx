import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { Stack } from '@mantine/core';
import { LanguageSwitcher } from '../components/language-switcher';
import { CampaignDate } from '../features/campaigns/components/campaign-dates';
import { renderWithProviders } from '../test/render';
import { formatDateTime, formatPercent } from '../lib/format';
import { LANGUAGE_STORAGE_KEY } from './languages';

// 2026-01-09 23:06:40 UTC, which is 18:06 in New York.
const START = 1_768_000_000;

function chooseLanguage(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Language' }));
  fireEvent.click(screen.getByRole('option', { name }));
}

describe('language', () => {
  it('switching to French rewrites a rendered date in French', async () => {
    renderWithProviders(
      <Stack>
        <LanguageSwitcher />
        <CampaignDate epochSeconds={START} timeZone="America/New_York" />
      </Stack>,
    );
    expect(screen.getByText(/Jan 9, 2026/)).toBeTruthy();

    chooseLanguage('Français');

    expect(await screen.findByText(/9 janv\. 2026/)).toBeTruthy();
    expect(screen.queryByText(/Jan 9, 2026/)).toBeNull();
    // The choice survives a reload and drives dayjs and the document language.
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(dayjs.locale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('switching to Spanish translates the switcher itself', async () => {
    renderWithProviders(<LanguageSwitcher />);

    chooseLanguage('Español');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeTruthy());
  });
});

describe('formatDateTime', () => {
  it('gives YYYY-MM-DD HH:mm in the campaign time zone', () => {
    expect(formatDateTime(START, 'America/New_York', 'en')).toBe('2026-01-09 18:06');
    expect(formatDateTime(START, 'Europe/Paris', 'fr')).toBe('2026-01-10 00:06');
  });

  it('falls back to the default time zone for an unknown one', () => {
    expect(formatDateTime(START, 'Not/AZone', 'en')).toBe('2026-01-09 18:06');
  });

  it('formats progress with the language percent style', () => {
    expect(formatPercent(45, 'en')).toBe('45%');
    expect(formatPercent(45, 'fr')).toMatch(/^45\s%$/);
  });
});
