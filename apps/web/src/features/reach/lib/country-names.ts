import countries from 'i18n-iso-countries';
import countriesEn from 'i18n-iso-countries/langs/en.json';
import countriesEs from 'i18n-iso-countries/langs/es.json';
import countriesFr from 'i18n-iso-countries/langs/fr.json';
import { countryPlaceId, type TSelectedCountry } from '@rally/domain';

// Only the app's languages are bundled; the browser build of the library ships none.
for (const locale of [countriesEn, countriesEs, countriesFr]) countries.registerLocale(locale);

/** A country's name in the user's language, falling back to English and then to the code itself. */
export function countryName(code: string, lang: string): string {
  return countries.getName(code, lang) ?? countries.getName(code, 'en') ?? code;
}

/** Every ISO 3166 alpha-2 code, so countries too small for the map can still be chosen. */
export function allCountryCodes(): string[] {
  return Object.keys(countries.getAlpha2Codes());
}

/** world-atlas names countries by ISO numeric code; a few (Kosovo, N. Cyprus, Somaliland) have none. */
export function alpha2FromNumeric(id: string | number | undefined): string | undefined {
  return id === undefined ? undefined : countries.numericToAlpha2(id);
}

/** What the launch form stores for a country (product rule R17): the English name stays stable whatever the language. */
export function toSelectedCountry(code: string): TSelectedCountry {
  return { name: countryName(code, 'en'), code, placeId: countryPlaceId(code) };
}
