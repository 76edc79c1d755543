// The reach feature's public file: what other features may use.
export { ReachTiles } from './components/reach-tiles';
export { countryName } from './lib/country-names';

// The store tables and the world map are heavy and only needed on the launch's reach step: their own chunks.
export const loadStoreReachStep = () => import('./components/store-reach-step').then((m) => ({ default: m.StoreReachStep }));
export const loadCountryReachStep = () => import('./components/country-reach-step').then((m) => ({ default: m.CountryReachStep }));
