import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { toSupportedLanguage, DEFAULT_LANGUAGE } from './languages';

// Dates are formatted only by dashboard screens, so dayjs, its time-zone plugins and its locales load with the
// dashboard shell (i18n.ts, loadDashboardStrings), not with the first page.
dayjs.extend(utc);
dayjs.extend(timezone);

/** Keeps dayjs's global locale (formatted dates, Mantine's date pickers) in step with the chosen language. */
export function setDayjsLanguage(language: string): void {
  dayjs.locale(toSupportedLanguage(language) ?? DEFAULT_LANGUAGE);
}
