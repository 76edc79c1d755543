import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { ZonedDateTimeField } from './components/zoned-date-time-field';

function StartField() {
  const { t } = useTranslation();
  return (
    <ZonedDateTimeField
      label={t('launch.fields.start')}
      description={t('launch.fields.start-hint', { zone: 'Europe/Paris' })}
      value=""
      onChange={() => undefined}
      minDate="2026-01-01"
    />
  );
}

describe('date field format', () => {
  it('writes the same localized format in the French placeholder and hint', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<StartField />);
    await waitFor(() => expect(screen.getByText('AAAA-MM-JJ HH:mm, heure de Europe/Paris')).toBeTruthy());
    expect(screen.getByText('AAAA-MM-JJ HH:mm', { selector: '[data-placeholder], button, span' })).toBeTruthy();
  });

  it('keeps YYYY-MM-DD HH:mm in English', () => {
    renderWithProviders(<StartField />);
    expect(screen.getByText('YYYY-MM-DD HH:mm, Europe/Paris time')).toBeTruthy();
    expect(screen.getByText('YYYY-MM-DD HH:mm', { selector: '[data-placeholder], button, span' })).toBeTruthy();
  });
});
