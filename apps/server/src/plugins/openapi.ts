import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_REQUEST_HEADER, ZErrorBody } from '@rally/domain';
import '../lib/api-docs.js';
import { isBrandPermission } from './route-access.js';

/**
 * The OpenAPI document at /api/openapi.json (and its viewer at /api/docs). The public API is generated against it,
 * so it says what the server does, and hardening/openapi-conformance.test.ts holds every route to it.
 *
 * Routes describe their own bodies, parameters and answers (zod, through fastify-type-provider-zod). This transform
 * adds what is true of routes by the way the server is built rather than by any one handler, so a route added
 * later is described as well:
 * - the refusals every route can give: 400 (a path, query or text the server cannot take), 431 (URL and headers
 *   over 16 KB); on writes 403 (a cross-site request), 413 (body too large) and 415 (a content type it does not
 *   read); 429 with Retry-After where the per-address rate limit applies (a route documents its other 429s, with
 *   Retry-After when its limit lifts by itself: lib/error-responses.ts rateLimitedResponse);
 * - the `x-rally-request` header a state-changing GET requires (the CSRF guard, plugins/csrf.ts);
 * - who may call it (`x-rally-permission`, the route's declared access: plugins/route-access.ts), and for a brand
 *   permission its 401 and 403;
 * - a multipart upload's body: multipart/form-data with its text fields and the binary `file` part.
 */

/** Answers of the error shape, described by status. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid: error.fields names each field (body, query, path, headers, a multipart part)',
  401: 'Not signed in, or the session has ended',
  402: 'Payment needed: the wallet does not cover it (error.dueCents is the difference) or the card was declined',
  403: 'Not allowed: the role or brand does not permit it, or the request came from another site',
  404: 'Not found, or not visible to this brand or participant',
  409: 'Conflicts with the current state (error.code says which rule)',
  410: 'Gone: the link has expired or its file is no longer kept',
  413: 'The request body or the uploaded file is too large',
  415: 'The request body is of a content type this route does not read',
  429: 'Too many requests',
  431: 'The request line and headers are larger than 16 KB together',
  503: 'A service the call needs cannot be reached; nothing was done, try again later',
};

const ERROR_SCHEMA = (() => {
  const { $schema: _drop, ...schema } = z.toJSONSchema(ZErrorBody, { target: 'openapi-3.0', io: 'output' }) as Record<string, unknown>;
  return schema;
})();

const RETRY_AFTER = { 'Retry-After': { type: 'string', description: 'Seconds to wait before trying again' } };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type JsonSchemaObject = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[]; description?: string };

interface TransformInput {
  schema: Record<string, unknown> | undefined;
  url: string;
  route: RouteOptions;
  openapiObject: unknown;
}

/** fastify-type-provider-zod's transform, then what every route of this server shares (see above). */
export function documentRoute(input: TransformInput): { schema: Record<string, unknown>; url: string } {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: Record<string, unknown>; url: string };
  const schema = out.schema;
  if (!schema || schema.hide === true) return out;
  const methods = [input.route.method].flat().map((m) => m.toUpperCase());
  const config = (input.route.config ?? {}) as { stateChanging?: boolean; rateLimit?: unknown; permission?: string };
  const writes = methods.some((m) => WRITES.has(m));

  const fields = schema.multipartFields as z.ZodObject | undefined;
  delete schema.multipartFields;
  const consumes = schema.consumes as string[] | undefined;
  if (consumes?.includes('multipart/form-data') && schema.body === undefined) schema.body = multipartBody(fields);

  if (config.stateChanging === true) {
    schema.headers = withHeader(schema.headers as JsonSchemaObject | undefined, APP_REQUEST_HEADER, {
      type: 'string',
      description:
        'Any value. This GET changes data, so it runs only for the app\'s own requests (403 without it); a browser\'s same-origin request (Sec-Fetch-Site: same-origin) passes without it.',
    });
  }

  const response: Record<string, JsonSchemaObject> = { ...((schema.response as Record<string, JsonSchemaObject> | undefined) ?? {}) };
  const refusal = (status: number) => {
    if (!(status in response)) response[status] = { ...ERROR_SCHEMA };
  };
  refusal(400);
  refusal(431);
  if (config.permission !== undefined) {
    // Who may call it (plugins/route-access.ts): a brand permission answers 401 signed out, 403 to a role without it.
    schema['x-rally-permission'] = config.permission;
    if (config.permission === 'api-key') {
      // The public API (decision 0028): a brand's key as a bearer token, with the scope the route names.
      const scope = (input.route.config as { apiScope?: string }).apiScope;
      schema.security = [{ apiKey: [] }];
      schema['x-rally-scope'] = scope;
      refusal(401);
      refusal(403);
      refusal(429);
      response[401] = { ...response[401], description: 'No API key, or a key that is not valid, revoked or expired; a request with a cookie' };
      response[403] = { ...response[403], description: `The key lacks the \`${scope}\` scope (error.fields names it)` };
      const needs = `Needs an API key with the \`${scope}\` scope (README "API keys and the public API").`;
      schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${needs}` : needs;
    } else if (isBrandPermission(config.permission)) {
      refusal(401);
      refusal(403);
      const needs = `Needs the \`${config.permission}\` permission (roles: README "Roles").`;
      schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${needs}` : needs;
    }
  }
  if (writes || config.stateChanging === true) refusal(403);
  if (writes) {
    refusal(413);
    refusal(415);
  }
  if (config.rateLimit !== undefined) {
    // The per-address limiter (@fastify/rate-limit) always says when to come back.
    refusal(429);
    response[429] = { ...response[429], description: 'Too many requests: try again after Retry-After seconds', headers: { ...RETRY_AFTER, ...(response[429]!.headers as object | undefined) } };
  }
  for (const [status, answer] of Object.entries(response)) {
    const code = Number(status);
    if (code >= 400 && answer.description === undefined && ERROR_DESCRIPTIONS[code]) response[status] = { ...answer, description: ERROR_DESCRIPTIONS[code] };
  }
  schema.response = response;
  return out;
}

/** multipart/form-data: the text fields (sent first), then the one binary part named `file`. */
function multipartBody(fields: z.ZodObject | undefined): JsonSchemaObject {
  const text = fields ? (z.toJSONSchema(fields, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchemaObject) : {};
  return {
    type: 'object',
    description: 'multipart/form-data: the text fields first, then the file part (fields after the file are not read)',
    properties: { ...(text.properties ?? {}), file: { type: 'string', format: 'binary', description: 'The file (one part, named file)' } },
    required: [...(text.required ?? []), 'file'],
  };
}

function withHeader(headers: JsonSchemaObject | undefined, name: string, schema: Record<string, unknown>): JsonSchemaObject {
  const base: JsonSchemaObject = headers ?? { type: 'object', properties: {} };
  return { ...base, properties: { ...(base.properties ?? {}), [name]: schema }, required: [...new Set([...(base.required ?? []), name])] };
}

/** Registers @fastify/swagger (with documentRoute), its viewer at /api/docs and the document at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance, o: { sessionCookie: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rally API',
        version: '1.0.0',
        description:
          'Campaign builder for brands and retailers. Every error answer is `{ error: { code, message, fields: [{ path, message }] } }`; this document is held to the server by a test (hardening/openapi-conformance.test.ts).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: o.sessionCookie },
          playSession: { type: 'apiKey', in: 'cookie', name: 'rally_play_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A brand's API key (`rk_live_<id>_<secret>`), made in Settings → API keys: the public API (/api/v1) only, never with a cookie",
          },
        },
      },
    },
    transform: documentRoute as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { permission: 'public' } }, async () => app.swagger());
}
