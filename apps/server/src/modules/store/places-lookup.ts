import countries from 'i18n-iso-countries';
import { selectedPlacesErrors, type TErrorField, type TPlaceDetails, type TSelectedPlaces } from '@rally/domain';

/**
 * Place details by place id (product rule R13): the address components that name a
 * place's country. A maps provider can stand behind this; the built-in one works offline.
 */
export interface PlacesLookup {
  getPlace(placeId: string): Promise<TPlaceDetails | null>;
}

const COUNTRY_PLACE = /^country:([A-Z]{2})$/;

/** Knows every ISO 3166-1 country as the place `country:XX` (countryPlaceId), named in English. */
export function createOfflinePlacesLookup(): PlacesLookup {
  return {
    async getPlace(placeId) {
      const code = COUNTRY_PLACE.exec(placeId)?.[1];
      const name = code && countries.isValid(code) ? countries.getName(code, 'en') : undefined;
      if (!code || !name) return null;
      return { placeId, addressComponents: [{ longName: name, shortName: code, types: ['country', 'political'] }] };
    },
  };
}

export const offlinePlacesLookup: PlacesLookup = createOfflinePlacesLookup();

/** The ISO code of the country a place is in, from its address components. */
export const countryOfPlace = (place: TPlaceDetails | null): string | null =>
  place?.addressComponents.find((c) => c.types.includes('country'))?.shortName ?? null;

/**
 * Checks, for a consumer campaign's launch, that the places picked on the map, the country codes
 * and the named countries are the same countries; returns the fields that disagree (none when
 * they agree). Each distinct place is looked up once.
 */
export async function checkSelectedPlaces(
  input: TSelectedPlaces,
  lookup: PlacesLookup = offlinePlacesLookup,
): Promise<TErrorField[]> {
  const placeIds = [...new Set([...input.selectedPlacesIds, ...(input.selectedCountries ?? []).map((c) => c.placeId)])];
  const resolved = await Promise.all(
    placeIds.map(async (id) => [id, countryOfPlace(await lookup.getPlace(id))] as const),
  );
  return selectedPlacesErrors(input, new Map(resolved));
}
