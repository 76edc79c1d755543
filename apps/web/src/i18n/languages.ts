export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'rally.language';

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps any BCP 47 tag ("fr-CA") onto a supported language, or null. */
export function toSupportedLanguage(tag: string | null | undefined): TLanguage | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : null;
}

/**
 * A language's own name ("Español", "Français"): a switcher must stay readable to
 * someone who does not understand the language currently shown, so each option is
 * named in itself rather than translated. Intl supplies the names.
 */
export function languageEndonym(language: TLanguage): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
