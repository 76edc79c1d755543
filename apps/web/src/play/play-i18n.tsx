import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  toSupportedLanguage,
  type TLanguage,
} from '../i18n/languages';
import { PLAY_MESSAGES, type TPlayMessageKey } from './play-messages';
import { PlayApiError } from './play-api';
import { formatMoney } from '../lib/money';

export type TTranslate = (key: TPlayMessageKey, vars?: Record<string, string | number>) => string;

interface TPlayI18n {
  lang: TLanguage;
  setLang: (lang: TLanguage) => void;
  t: TTranslate;
}

const PlayI18nContext = createContext<TPlayI18n | null>(null);

/** Same choice as the dashboard: the stored language, else the browser's first supported one. */
export function detectPlayLanguage(): TLanguage {
  try {
    const stored = toSupportedLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
    if (stored) return stored;
  } catch {
    // Storage may be unavailable (privacy mode); fall through to the browser's languages.
  }
  for (const tag of typeof navigator === 'undefined' ? [] : navigator.languages) {
    const lang = toSupportedLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

export function translate(lang: TLanguage, key: TPlayMessageKey, vars?: Record<string, string | number>): string {
  const template = PLAY_MESSAGES[lang][key] ?? PLAY_MESSAGES.en[key] ?? key;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(lang).format(value) : value;
  });
}

export function PlayI18nProvider({ children, initial }: { children: ReactNode; initial?: TLanguage }) {
  const [lang, setLangState] = useState<TLanguage>(() => initial ?? detectPlayLanguage());
  const setLang = useCallback((next: TLanguage) => {
    setLangState(next);
    document.documentElement.lang = next;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // The choice just won't persist.
    }
  }, []);
  const value = useMemo<TPlayI18n>(
    () => ({ lang, setLang, t: (key, vars) => translate(lang, key, vars) }),
    [lang, setLang],
  );
  return <PlayI18nContext.Provider value={value}>{children}</PlayI18nContext.Provider>;
}

export function usePlayI18n(): TPlayI18n {
  const value = useContext(PlayI18nContext);
  if (!value) throw new Error('usePlayI18n outside PlayI18nProvider');
  return value;
}

export { LANGUAGES };

/** A readable message for any failed call: the API's code when we know it, else its own message. */
export function errorMessage(error: unknown, t: TTranslate): string {
  if (error instanceof PlayApiError) {
    const key = `error.${error.code}` as TPlayMessageKey;
    const known = translate('en', key) !== key;
    if (known) {
      // Wrong code / password come back as 401 naming the field: say what the server said about it.
      if (error.code === 'UNAUTHENTICATED' && error.fields.length > 0) return error.message;
      return t(key);
    }
    return error.message || t('error.generic');
  }
  return t('error.generic');
}

// ——— dates and amounts (Intl; no extra library in this bundle) ———

/** The browser's own IANA zone: the participant's zone until they choose one in settings. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The one date formatter of /play: an instant (epoch seconds) as a date and time in the participant's language and
 * time zone (decision 0027). Every screen shows dates through it (usePlayDate), never by hand; a zone Intl does not
 * know falls back to the browser's.
 */
export function formatDate(epochSeconds: number, lang: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(lang, { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat(lang, options);
  }
  return format.format(new Date(epochSeconds * 1000));
}

const PlayTimeZoneContext = createContext<string | null>(null);
/** Gives the screens the participant's time zone (their settings' choice, else the browser's). */
export const PlayTimeZoneProvider = PlayTimeZoneContext.Provider;

/** Formats an instant in the user's language and the participant's time zone. */
export function usePlayDate(): (epochSeconds: number) => string {
  const { lang } = usePlayI18n();
  const zone = useContext(PlayTimeZoneContext) ?? browserTimeZone();
  return useCallback((epochSeconds: number) => formatDate(epochSeconds, lang, zone), [lang, zone]);
}

const PlayCurrencyContext = createContext('USD');
/** Gives the screens the signed-in participant's brand currency (from GET /api/play/me). */
export const PlayCurrencyProvider = PlayCurrencyContext.Provider;

/** Formats cents in the user's language and the participant's brand currency. */
export function useMoney(): (cents: number) => string {
  const { lang } = usePlayI18n();
  const currency = useContext(PlayCurrencyContext);
  return useCallback((cents: number) => formatMoney(cents, lang, currency), [lang, currency]);
}
