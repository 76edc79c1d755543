import type { TErrorField } from '../shared/api-schemas.js';
import type { TScopeType } from '../campaign/campaign-enums.js';

/** A reach scope in one canonical form: equal scopes give equal keys, whatever order the ids came in. */
export interface TReachScope {
  scope: TScopeType;
  /** Store ids (scope store) or group ids (scope group), ascending and unique; empty for scope all. */
  pks: number[];
  /** Countries the reach is narrowed to, ascending and unique; empty means no narrowing. */
  countryCodes: string[];
}

const sortedUnique = (values: readonly string[]): string[] => [...new Set(values)].sort();
// Ids are positive 32-bit integers (the schema says so): a typed array sorts them numerically without a comparator call per pair.
const sortedUniqueIds = (values: readonly number[]): number[] => Array.from(Float64Array.from(new Set(values)).sort());

/**
 * The scope a reach request names, or the fields that make it unusable. A store or group
 * scope without ids reaches nobody, which is never what the person meant, so it is refused;
 * scope all ignores ids left over from an earlier choice. An empty country list narrows
 * nothing (every campaign's launch form carries one), a non-empty one keeps only stores in
 * those countries.
 */
export function normaliseReachScope(input: {
  scope: TScopeType;
  pks?: readonly number[] | undefined;
  countryCodes?: readonly string[] | undefined;
}): { ok: true; value: TReachScope } | { ok: false; fields: TErrorField[] } {
  const pks = input.scope === 'all' ? [] : sortedUniqueIds(input.pks ?? []);
  if (input.scope !== 'all' && pks.length === 0) {
    return { ok: false, fields: [{ path: 'pks', message: `select at least one ${input.scope}` }] };
  }
  return { ok: true, value: { scope: input.scope, pks, countryCodes: sortedUnique(input.countryCodes ?? []) } };
}

/** A string naming the scope, for caches keyed by it. */
export const reachScopeKey = (s: TReachScope) => `${s.scope}|${s.pks.join(',')}|${s.countryCodes.join(',')}`;

/** What the launch form says about the countries of a consumer campaign (product rules R13, R17). */
export interface TSelectedPlaces {
  selectedPlacesIds: readonly string[];
  countryCodes: readonly string[];
  selectedCountries?: readonly { code: string; placeId: string }[] | undefined;
}

/**
 * Whether the map's picked places, the country codes and the named countries describe the same
 * countries. `countryOfPlace` gives the ISO code a place id resolves to (null when unknown),
 * so the rule stays free of the lookup behind it.
 */
export function selectedPlacesErrors(
  input: TSelectedPlaces,
  countryOfPlace: ReadonlyMap<string, string | null>,
): TErrorField[] {
  const fields: TErrorField[] = [];
  const fromPlaces = new Set<string>();
  input.selectedPlacesIds.forEach((placeId, i) => {
    const code = countryOfPlace.get(placeId) ?? null;
    if (code === null) fields.push({ path: `selectedPlacesIds.${i}`, message: 'not a known country' });
    else fromPlaces.add(code);
  });
  const codes = new Set(input.countryCodes);
  const missing = [...fromPlaces].filter((c) => !codes.has(c)).sort();
  const extra = [...codes].filter((c) => !fromPlaces.has(c)).sort();
  if (missing.length > 0 || extra.length > 0) {
    const parts = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      extra.length > 0 ? `${extra.join(', ')} not among the selected places` : '',
    ].filter(Boolean);
    fields.push({ path: 'countryCodes', message: `must match the selected places: ${parts.join('; ')}` });
  }
  const placeIds = new Set(input.selectedPlacesIds);
  input.selectedCountries?.forEach((country, i) => {
    if (!placeIds.has(country.placeId)) {
      fields.push({ path: `selectedCountries.${i}.placeId`, message: 'not among the selected places' });
    } else if (countryOfPlace.get(country.placeId) !== country.code) {
      fields.push({ path: `selectedCountries.${i}.code`, message: 'does not match its place' });
    }
  });
  return fields;
}
