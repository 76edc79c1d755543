import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiKey, ZApiKeyCreated, ZApiKeyIdParams, ZApiKeyList, ZCreateApiKeyBody } from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey, rotateApiKey } from './revoke-api-key.js';

const tags = ['api-keys'];
const SECRET_ONCE = 'The secret (`rk_live_<id>_<secret>`) is in this answer only: the server keeps its SHA-256, never the secret.';

/** The dashboard's API keys screen (settings): owners and admins make, revoke and rotate the brand's keys. */
export async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/api-keys',
    {
      config: { permission: 'api-key:manage' },
      schema: { tags, summary: "The brand's API keys (newest first; never their secrets), with last use, expiry and status", response: { 200: ZApiKeyList, ...errorResponses } },
    },
    async (request) => listApiKeys(db, await app.actor(request)),
  );

  r.post(
    '/api/api-keys',
    {
      config: { permission: 'api-key:manage' },
      schema: {
        tags,
        summary: 'Create an API key with a name, scopes and an optional expiry',
        description: SECRET_ONCE,
        body: ZCreateApiKeyBody.meta({ example: { name: 'POS sync', scopes: ['sales:write', 'participants:write'], expiresAt: null } }),
        response: { 201: ZApiKeyCreated, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey({ db, actor: await app.actor(request), body: request.body })),
  );

  r.post(
    '/api/api-keys/:id/revoke',
    {
      config: { permission: 'api-key:manage' },
      schema: { tags, summary: 'Revoke a key: its next call is refused (401)', params: ZApiKeyIdParams, response: { 200: ZApiKey, ...errorResponses } },
    },
    async (request) => revokeApiKey({ db, actor: await app.actor(request), keyId: request.params.id }),
  );

  r.post(
    '/api/api-keys/:id/rotate',
    {
      config: { permission: 'api-key:manage' },
      schema: {
        tags,
        summary: 'Rotate a key: a new secret with the same name, scopes and expiry; the old key is revoked at once',
        description: SECRET_ONCE,
        params: ZApiKeyIdParams,
        response: { 201: ZApiKeyCreated, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await rotateApiKey({ db, actor: await app.actor(request), keyId: request.params.id })),
  );
}
