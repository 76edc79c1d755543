import { describe, expect, it } from 'vitest';
import { normaliseReachScope, reachScopeKey, selectedPlacesErrors } from './reach-rules.js';
import { ZReachRequest } from './store.schema.js';

describe('reach scope', () => {
  it('refuses a store or group scope without ids, naming pks', () => {
    for (const scope of ['store', 'group'] as const) {
      const result = normaliseReachScope({ scope, pks: [] });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.fields.map((f) => f.path)).toEqual(['pks']);
    }
  });

  it('ignores ids left over on scope all', () => {
    expect(normaliseReachScope({ scope: 'all', pks: [4, 2] })).toEqual({
      ok: true,
      value: { scope: 'all', pks: [], countryCodes: [] },
    });
  });

  it('gives the same key to the same scope whatever the order or repeats of its ids and countries', () => {
    const a = normaliseReachScope({ scope: 'store', pks: [30, 4, 30, 12], countryCodes: ['US', 'CA'] });
    const b = normaliseReachScope({ scope: 'store', pks: [4, 12, 30], countryCodes: ['CA', 'US', 'CA'] });
    expect(a.ok && b.ok && reachScopeKey(a.value) === reachScopeKey(b.value)).toBe(true);
    expect(a.ok && a.value.pks).toEqual([4, 12, 30]);
    expect(a.ok && a.value.countryCodes).toEqual(['CA', 'US']);
  });

  it('keys differ between store and group scopes of the same ids', () => {
    const s = normaliseReachScope({ scope: 'store', pks: [1] });
    const g = normaliseReachScope({ scope: 'group', pks: [1] });
    expect(s.ok && g.ok && reachScopeKey(s.value) !== reachScopeKey(g.value)).toBe(true);
  });

  it('accepts only two-letter upper-case country codes in a reach request', () => {
    expect(ZReachRequest.safeParse({ scope: 'all', countryCodes: ['US'] }).success).toBe(true);
    const bad = ZReachRequest.safeParse({ scope: 'all', countryCodes: ['usa'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['countryCodes', 0]);
  });
});

describe('selected places', () => {
  const places = new Map<string, string | null>([
    ['country:US', 'US'],
    ['country:FR', 'FR'],
  ]);

  it('accepts places, codes and named countries that describe the same countries', () => {
    expect(
      selectedPlacesErrors(
        {
          selectedPlacesIds: ['country:US', 'country:FR'],
          countryCodes: ['FR', 'US'],
          selectedCountries: [
            { code: 'US', placeId: 'country:US' },
            { code: 'FR', placeId: 'country:FR' },
          ],
        },
        places,
      ),
    ).toEqual([]);
  });

  it('names a place that is not a known country', () => {
    const fields = selectedPlacesErrors({ selectedPlacesIds: ['country:US', 'nowhere'], countryCodes: ['US'] }, places);
    expect(fields.map((f) => f.path)).toEqual(['selectedPlacesIds.1']);
  });

  it('refuses country codes that differ from the places, saying which', () => {
    const fields = selectedPlacesErrors({ selectedPlacesIds: ['country:US'], countryCodes: ['US', 'DE'] }, places);
    expect(fields).toEqual([
      { path: 'countryCodes', message: expect.stringContaining('DE not among the selected places') },
    ]);
    const missing = selectedPlacesErrors(
      { selectedPlacesIds: ['country:US', 'country:FR'], countryCodes: ['US'] },
      places,
    );
    expect(missing[0]?.message).toContain('missing FR');
  });

  it('refuses a named country whose code or place disagrees', () => {
    const fields = selectedPlacesErrors(
      {
        selectedPlacesIds: ['country:US'],
        countryCodes: ['US'],
        selectedCountries: [
          { code: 'FR', placeId: 'country:US' },
          { code: 'FR', placeId: 'country:FR' },
        ],
      },
      places,
    );
    expect(fields.map((f) => f.path)).toEqual(['selectedCountries.0.code', 'selectedCountries.1.placeId']);
  });
});
