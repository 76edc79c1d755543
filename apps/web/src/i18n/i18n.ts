import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import access from '../features/auth/locales/en.json';
import security from '../features/security/locales/en.json';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, toSupportedLanguage, type TLanguage } from './languages';

// English, the fallback, ships with the app: its common strings in the entry, its features' strings with the
// dashboard shell (loadDashboardStrings). The other languages are fetched whole when chosen, so the first page load
// carries one language's strings, not three, and not every screen's.
// The signed-out pages' strings (sign-up, verification, password reset, two-factor and SSO) ship with the entry like sign-in's.
export const resources = { en: { translation: { ...en, ...access, ...security } } } as const;

const LAZY_BUNDLES: Record<Exclude<TLanguage, 'en'>, () => Promise<{ default: ResourceLanguage[string] }>> = {
  es: () => import('./bundle-es'),
  fr: () => import('./bundle-fr'),
};

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LAZY_BUNDLES[language as keyof typeof LAZY_BUNDLES];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

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
  document.documentElement.lang = supported;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, supported);
  } catch {
    // See readStoredLanguage.
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', applyLanguage);

/** Settles once the starting language's strings are loaded; render after it. */
export const i18nReady = i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    resources,
    // English is bundled; the backend supplies the others on demand.
    partialBundledLanguages: true,
    lng: detectInitialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // English is bundled, so initialising synchronously lets a first English render be translated.
    initAsync: false,
    // React escapes rendered text already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

let dashboardStrings: Promise<void> | undefined;

/**
 * Adds every feature's English strings and dayjs's locales (small chunks). The router awaits it together with the
 * dashboard shell, so no dashboard screen renders before its strings and date formats are there; once loaded it
 * resolves at once.
 */
export function loadDashboardStrings(): Promise<void> {
  dashboardStrings ??= Promise.all([import('./bundle-en'), import('./dayjs-locales')]).then(
    ([bundle, dates]) => {
      i18n.addResourceBundle('en', 'translation', bundle.default, true, false);
      dates.setDayjsLanguage(currentLanguage());
      i18n.on('languageChanged', dates.setDayjsLanguage);
    },
    (error: unknown) => {
      // A failed fetch (a deploy replaced the chunk, the network dropped) may be retried by the next navigation.
      dashboardStrings = undefined;
      throw error;
    },
  );
  return dashboardStrings;
}

export function currentLanguage(): TLanguage {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
