import { queryOptions } from '@tanstack/react-query';
import { feature } from 'topojson-client';
import type { Feature, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { alpha2FromNumeric } from './country-names';

export interface TCountryShape {
  /** ISO alpha-2 code; null for territories without one, which are drawn but cannot be chosen. */
  code: string | null;
  key: string;
  feature: Feature<Geometry>;
}

/** Nobody takes part from Antarctica, and leaving it out gives the other continents more room. */
const LEFT_OUT = new Set(['AQ']);

export async function loadCountryShapes(): Promise<TCountryShape[]> {
  // Its own chunk: the atlas is only downloaded when a map is shown.
  const atlas = (await import('world-atlas/countries-110m.json')).default as unknown as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(atlas, atlas.objects.countries);
  const shapes: TCountryShape[] = [];
  for (const country of collection.features) {
    const code = alpha2FromNumeric(country.id) ?? null;
    if (code !== null && LEFT_OUT.has(code)) continue;
    // Territories without an ISO code cannot be stored as a selection, so they are drawn as plain land.
    shapes.push({ code, key: code ?? `land-${shapes.length}`, feature: country });
  }
  return shapes;
}

export const countryShapesQueryOptions = queryOptions({
  queryKey: ['world-atlas', 'countries-110m'] as const,
  queryFn: loadCountryShapes,
  staleTime: Infinity,
  gcTime: Infinity,
});
