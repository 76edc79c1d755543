import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_SCOPES, PERMISSION_STATEMENTS, type TApiKeyScope, type TPermission, type TResource } from '@rally/domain';
import { requirePermission } from '../modules/auth/index.js';
import { requireScope } from '../modules/api-keys/index.js';

/**
 * Who may call a route, declared once in its options: `config: { permission: 'campaign:read' }`.
 *
 * - a permission of the domain's table (packages/domain/src/auth/permissions.ts): a member of the current brand
 *   whose role has it; anyone else gets 401 (signed out) or 403 FORBIDDEN before the body is read or the handler runs;
 * - `'member'`: any member of the current brand, whatever the role (their own profile, switching brand, leaving);
 * - `'signed-in'`: any signed-in person, with or without a brand (account, creating a brand, accepting an invitation);
 * - `'participant'`: the participant routes (/api/play), which check their own participant session;
 * - `'public'`: no session (health, the sign-in doors, the public page, links that carry their own token);
 * - `'api-key'`: the public API (/api/v1, and only it): a brand's API key in `Authorization: Bearer`, never a cookie,
 *   holding the scope the route names in `config.apiScope` (403 naming the scope otherwise; decision 0028).
 *
 * Every /api route declares one: hardening/route-access.test.ts fails on a route that does not, so a new route
 * is never open by omission. The use cases keep the checks that are rules rather than roles (an owner only makes
 * an owner, a campaign launches once).
 */
export type TRouteAccess = TPermission | 'member' | 'signed-in' | 'participant' | 'public' | 'api-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (plugins/route-access.ts). */
    permission?: TRouteAccess;
    /** The API key scope an `'api-key'` route needs. */
    apiScope?: TApiKeyScope;
  }
}

export const ROUTE_ACCESS_KINDS = ['member', 'signed-in', 'participant', 'public', 'api-key'] as const;

/** The public API's prefix: its routes, and only they, are called with an API key. */
export const PUBLIC_API_PREFIX = '/api/v1/';

export function isBrandPermission(access: string | undefined): access is TPermission {
  if (!access) return false;
  const [resource, action] = access.split(':');
  const actions = PERMISSION_STATEMENTS[resource as TResource] as readonly string[] | undefined;
  return actions !== undefined && action !== undefined && actions.includes(action);
}

export function isRouteAccess(access: unknown): access is TRouteAccess {
  return typeof access === 'string' && ((ROUTE_ACCESS_KINDS as readonly string[]).includes(access) || isBrandPermission(access));
}

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: TRouteAccess | undefined;
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route registered on the app with what it declares (tests read it: one row per method). */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/**
 * Registers the declaration list and the one check: after the CSRF guard, before the body is parsed, a route that
 * names a permission resolves the actor (app.actor, cached for the request) and refuses a role without it.
 * Call it before the routes are registered.
 */
export function registerRouteAccess(app: FastifyInstance) {
  const list: DeclaredRoute[] = [];
  declared.set(app, list);
  app.addHook('onRoute', (route) => {
    // The API viewer's own pages and assets (@fastify/swagger-ui) are public documentation.
    if (route.url.startsWith('/api/docs') && route.config?.permission === undefined) route.config = { ...route.config, permission: 'public' };
    const permission = route.config?.permission;
    if (permission !== undefined && !isRouteAccess(permission)) throw new Error(`${route.url}: unknown permission '${String(permission)}'`);
    const keyRoute = route.url.startsWith(PUBLIC_API_PREFIX);
    if (keyRoute !== (permission === 'api-key')) throw new Error(`${route.url}: 'api-key' access is for the public API (${PUBLIC_API_PREFIX}) and it alone`);
    if (keyRoute && !(API_KEY_SCOPES as readonly string[]).includes(route.config?.apiScope ?? '')) throw new Error(`${route.url}: name the API key scope it needs (config.apiScope)`);
    for (const method of [route.method].flat()) list.push({ method: method.toUpperCase(), url: route.url, permission });
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const permission = request.routeOptions.config.permission;
    if (permission === undefined || permission === 'public' || permission === 'participant') return;
    if (permission === 'api-key') {
      requireScope(await app.apiClient(request), request.routeOptions.config.apiScope!);
      return;
    }
    if (permission === 'signed-in') {
      await app.user(request);
      return;
    }
    const actor = await app.actor(request);
    if (permission !== 'member') requirePermission(actor, permission);
  });
}
