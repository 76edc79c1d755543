// The account module's public file: what other modules (and app.ts) may use.
export { accountRoutes, type AccountRoutesOptions } from './account.routes.js';
