// The sales module's public file: sales lines from a brand's POS (API calls and files) credited through the engine
// (decision 0030).
export { salesRoutes, salesApiRoutes, type SalesRoutesOptions, type SalesApiOptions } from './sales.routes.js';
export type { SalesFileDeps } from './sales-files.js';
