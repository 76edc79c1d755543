// The store-join module's public file: join by store code (decision 0025).
export { storeJoinRoutes, type StoreJoinRoutesOptions } from './store-join.routes.js';
