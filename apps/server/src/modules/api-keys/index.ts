// The api-keys module's public file: a brand's keys for the public API (/api/v1) and how a call's key is checked.
export { apiKeyRoutes } from './api-keys.routes.js';
export { actorOfApiClient, authenticateApiKey, requireScope, type ApiClient } from './authenticate-api-key.js';
export { touchApiKey } from './api-keys.repository.js';
