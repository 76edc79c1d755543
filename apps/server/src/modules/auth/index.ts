// The auth module's public file: what other modules may use.
export { requirePermission, resolveActor, headersOf, type RequestActor } from './request-context.js';
export { hashPassword, verifyPassword } from './auth.js';
export { cookieValue } from './session-lookup.js';
