// The manager-entry module's public file: a store manager's entries for colleagues (decision 0025).
export { managerEntryRoutes, type ManagerEntryRoutesOptions } from './manager-entry.routes.js';
