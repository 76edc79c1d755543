import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, parseApiKey, permissionsForScopes, type TApiKeyScope } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { AppError, appError } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { findKeyForAuth } from './api-keys.repository.js';
import { secretMatches } from './api-key-secret.js';

/** Who calls the public API: a brand's key. */
export interface ApiClient {
  keyId: string;
  name: string;
  brandId: string;
  scopes: TApiKeyScope[];
  /** The person who made the key: rows that name a person (a campaign's creator) name them. */
  createdBy: string;
}

const refused = (message: string) =>
  new AppError(401, ERROR_CODES.unauthenticated, message, [{ path: 'headers.authorization', message }], { 'www-authenticate': 'Bearer realm="rally"' });

/**
 * The key of an `Authorization: Bearer rk_live_…` header, checked on every call (nothing cached, so a revoke takes
 * effect at once): it exists, its secret's hash matches in constant time, it is neither revoked nor expired, and its
 * brand is not suspended. Only the public API (/api/v1) reads this header; cookies are never read there.
 */
export async function authenticateApiKey(db: Db, request: FastifyRequest): Promise<ApiClient> {
  // A key never rides with a cookie: a browser's ambient credentials have no say on the public API.
  if (request.headers.cookie !== undefined) throw refused('The public API takes an API key alone: send no cookie');
  const header = request.headers.authorization;
  if (header === undefined || header === '') throw refused('Send an API key: Authorization: Bearer rk_live_…');
  const match = /^Bearer ([^\s]+)$/i.exec(header);
  const parsed = match ? parseApiKey(match[1]!) : null;
  if (!parsed) throw refused('The Authorization header is not a Rally API key (Bearer rk_live_…)');
  const key = await findKeyForAuth(db, parsed.id);
  // The same answer whether the id is unknown or the secret wrong: the id alone reveals nothing.
  if (!key || !secretMatches(parsed.secret, key.secretHash)) throw refused('This API key is not valid');
  if (key.revokedAt !== null) throw refused('This API key was revoked');
  if (key.expiresAt !== null && key.expiresAt.getTime() <= Date.now()) throw refused('This API key has expired');
  if (key.brandStatus === 'suspended') throw appError(ERROR_CODES.brandSuspended, 'This brand is suspended by the Rally operator; contact support');
  return { keyId: key.id, name: key.name, brandId: key.brandId, scopes: key.scopes as TApiKeyScope[], createdBy: key.createdBy };
}

/** 403 naming the scope a route needs and the key lacks. */
export function requireScope(client: ApiClient, scope: TApiKeyScope) {
  if (!client.scopes.includes(scope)) {
    throw new AppError(403, ERROR_CODES.forbidden, `This API key lacks the ${scope} scope`, [{ path: 'scope', message: `needs ${scope}` }]);
  }
}

/**
 * The actor the dashboard's use cases take, for a key: its brand, the permissions its scopes stand for
 * (SCOPE_PERMISSIONS), and the key's name for the activity log (userActor logs it as the key).
 */
export function actorOfApiClient(client: ApiClient): RequestActor {
  return {
    userId: client.createdBy,
    userName: client.name,
    email: '',
    sessionId: `api-key:${client.keyId}`,
    brandId: client.brandId,
    role: 'campaign_manager',
    permissions: permissionsForScopes(client.scopes),
    apiKey: { id: client.keyId, name: client.name },
  };
}
