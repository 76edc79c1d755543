import { describe, expect, it } from 'vitest';
import { countryPlaceId } from '@rally/domain';
import { inIdOrder, pageOfIds } from './id-pages.js';
import { checkSelectedPlaces, offlinePlacesLookup, type PlacesLookup } from './places-lookup.js';
import { RevisionCache } from './revision-cache.js';

describe('revision cache', () => {
  it('loads a key once per revision, concurrent misses included', async () => {
    const cache = new RevisionCache<number>(100);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('brand', 1, 'k', load), cache.get('brand', 1, 'k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('brand', 2, 'k', load)).toBe(2);
  });

  it("drops a brand's older revisions once a newer one is seen, and leaves other brands alone", async () => {
    const cache = new RevisionCache<string>(100);
    await cache.get('a', 1, 'x', async () => 'a1');
    await cache.get('a', 1, 'y', async () => 'a1y');
    await cache.get('b', 7, 'x', async () => 'b7');
    expect(cache.size).toBe(3);
    await cache.get('a', 2, 'x', async () => 'a2');
    expect(cache.size).toBe(2);
    // A slow reader of the old revision is answered but leaves nothing behind.
    expect(await cache.get('a', 1, 'x', async () => 'stale')).toBe('stale');
    expect(cache.size).toBe(2);
  });

  it("offers a key's value at the newest revision seen, once loaded, and nothing for an older one", async () => {
    const cache = new RevisionCache<string>(100);
    expect(cache.peekLatest('a', 'x')).toBeUndefined();
    const pending = cache.get('a', 3, 'x', async () => 'a3');
    expect(cache.peekLatest('a', 'x')).toBeUndefined();
    await pending;
    expect(cache.peekLatest('a', 'x')).toEqual({ rev: 3, value: 'a3' });
    await cache.get('a', 4, 'y', async () => 'a4');
    expect(cache.peekLatest('a', 'x')).toBeUndefined();
  });

  it('does not remember failures', async () => {
    const cache = new RevisionCache<number>(100);
    await expect(cache.get('b', 1, 'k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.get('b', 1, 'k', async () => 5)).toBe(5);
  });

  it('evicts the least recently used entries past its weight cap, and never keeps one heavier than the cap', async () => {
    const cache = new RevisionCache<number[]>(10, (v) => v.length);
    await cache.get('b', 1, 'one', async () => [1, 2, 3, 4]);
    await cache.get('b', 1, 'two', async () => [1, 2, 3, 4]);
    await cache.get('b', 1, 'one', async () => []);
    await cache.get('b', 1, 'three', async () => [1, 2, 3, 4]);
    let reloaded = false;
    await cache.get('b', 1, 'two', async () => ((reloaded = true), [1]));
    expect(reloaded).toBe(true);
    await cache.get('b', 1, 'huge', async () => Array.from({ length: 11 }, (_, i) => i));
    expect(cache.size).toBe(3);
  });
});

describe('pages of ids', () => {
  const ids = Int32Array.from([10, 20, 30, 40, 50, 60, 70]);

  it('slices a page when nothing is selected', () => {
    expect(pageOfIds(ids, 3, 3)).toEqual([40, 50, 60]);
    expect(pageOfIds(ids, 6, 3)).toEqual([70]);
    expect(pageOfIds(ids, 9, 3)).toEqual([]);
  });

  it('puts selected ids first in list order and pages across both parts, ignoring ids not in the list', () => {
    const selected = new Set([60, 20, 99]);
    expect(pageOfIds(ids, 0, 3, selected)).toEqual([20, 60, 10]);
    expect(pageOfIds(ids, 3, 3, selected)).toEqual([30, 40, 50]);
    expect(pageOfIds(ids, 6, 3, selected)).toEqual([70]);
  });

  it('puts fetched rows back in page order, leaving out ids without a row', () => {
    expect(inIdOrder([3, 1, 2], [{ id: 1 }, { id: 3 }])).toEqual([{ id: 3 }, { id: 1 }]);
  });
});

describe('selected places check', () => {
  it('accepts country places that match the codes and named countries', async () => {
    expect(
      await checkSelectedPlaces({
        selectedPlacesIds: [countryPlaceId('US'), countryPlaceId('MX')],
        countryCodes: ['MX', 'US'],
        selectedCountries: [{ code: 'US', placeId: 'country:US' }],
      }),
    ).toEqual([]);
  });

  it('names unknown places and codes that disagree', async () => {
    const fields = await checkSelectedPlaces({
      selectedPlacesIds: ['country:US', 'country:ZZ'],
      countryCodes: ['US', 'CA'],
    });
    expect(fields.map((f) => f.path)).toEqual(['selectedPlacesIds.1', 'countryCodes']);
  });

  it('asks the lookup it is given, once per place', async () => {
    const asked: string[] = [];
    const lookup: PlacesLookup = {
      async getPlace(placeId) {
        asked.push(placeId);
        return offlinePlacesLookup.getPlace(placeId === 'maps:paris' ? 'country:FR' : placeId);
      },
    };
    const fields = await checkSelectedPlaces(
      {
        selectedPlacesIds: ['maps:paris'],
        countryCodes: ['FR'],
        selectedCountries: [{ code: 'FR', placeId: 'maps:paris' }],
      },
      lookup,
    );
    expect(fields).toEqual([]);
    expect(asked).toEqual(['maps:paris']);
  });
});
