// The keys live in app/query-keys.ts (the reach feature reads them too).
export { storeKeys } from '../../../app/query-keys';
