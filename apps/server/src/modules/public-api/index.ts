// The public-api module's public file: the /api/v1 routes a brand's systems call with an API key (decision 0028).
export { publicApiRoutes, type PublicApiOptions } from './public-api.routes.js';
