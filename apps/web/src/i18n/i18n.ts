import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import builderEn from '../features/builder/locales/en.json';
import builderEs from '../features/builder/locales/es.json';
import builderFr from '../features/builder/locales/fr.json';
import missionsEn from '../features/missions/locales/en.json';
import missionsEs from '../features/missions/locales/es.json';
import missionsFr from '../features/missions/locales/fr.json';
import rewardsEn from '../features/rewards/locales/en.json';
import rewardsEs from '../features/rewards/locales/es.json';
import rewardsFr from '../features/rewards/locales/fr.json';
import launchEn from '../features/launch/locales/en.json';
import launchEs from '../features/launch/locales/es.json';
import launchFr from '../features/launch/locales/fr.json';
import tableEn from '../components/paged-table/locales/en.json';
import tableEs from '../components/paged-table/locales/es.json';
import tableFr from '../components/paged-table/locales/fr.json';
import reachEn from '../features/reach/locales/en.json';
import reachEs from '../features/reach/locales/es.json';
import reachFr from '../features/reach/locales/fr.json';
import storesEn from '../features/stores/locales/en.json';
import storesEs from '../features/stores/locales/es.json';
import storesFr from '../features/stores/locales/fr.json';
import reportEn from '../features/report/locales/en.json';
import reportEs from '../features/report/locales/es.json';
import reportFr from '../features/report/locales/fr.json';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, toSupportedLanguage, type TLanguage } from './languages';

dayjs.extend(utc);
dayjs.extend(timezone);

// Each feature keeps its strings beside its code under its own top-level key,
// so screens can be built side by side without touching one shared file.
export const resources = {
  en: { translation: { ...en, ...builderEn, ...missionsEn, ...rewardsEn, ...launchEn, ...tableEn, ...reachEn, ...storesEn, ...reportEn } },
  es: { translation: { ...es, ...builderEs, ...missionsEs, ...rewardsEs, ...launchEs, ...tableEs, ...reachEs, ...storesEs, ...reportEs } },
  fr: { translation: { ...fr, ...builderFr, ...missionsFr, ...rewardsFr, ...launchFr, ...tableFr, ...reachFr, ...storesFr, ...reportFr } },
} as const;

function readStoredLanguage(): TLanguage | null {
  try {
    return toSupportedLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy mode, sandboxed frames); the choice just won't persist.
    return null;
  }
}

export function detectInitialLanguage(): TLanguage {
  const stored = readStoredLanguage();
  if (stored) return stored;
  for (const tag of typeof navigator === 'undefined' ? [] : navigator.languages) {
    const supported = toSupportedLanguage(tag);
    if (supported) return supported;
  }
  return DEFAULT_LANGUAGE;
}

/** Keeps everything that depends on the language in step with i18next. */
function applyLanguage(language: string): void {
  const supported = toSupportedLanguage(language) ?? DEFAULT_LANGUAGE;
  dayjs.locale(supported);
  document.documentElement.lang = supported;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, supported);
  } catch {
    // See readStoredLanguage.
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: detectInitialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Resources are bundled, so initialising synchronously lets the first render be translated.
  initAsync: false,
  // React escapes rendered text already.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLanguage(): TLanguage {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
