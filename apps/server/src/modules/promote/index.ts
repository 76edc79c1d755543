export { promoteRoutes, type PromoteRoutesOptions } from './promote.routes.js';
