import type { FastifyInstance } from 'fastify';
import { APP_REQUEST_HEADER } from '@rally/domain';
import { forbidden } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that writes (the spec names `GET /api/v3/mission/{id}/duplicate`): it runs only for the app's own
     * requests, never for a link or an image on another site.
     */
    stateChanging?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie-authenticated writes (decision 0003); the public API's key calls
 * (decision 0028) carry no cookie and are not checked.
 *
 * Writes (POST/PUT/PATCH/DELETE): a browser always names the Origin of a cross-origin write, and
 * Sec-Fetch-Site, so a write whose origin is not ours, or that the browser calls cross-site, is refused.
 * Non-browser clients send neither header and carry no ambient cookies, so they pass.
 *
 * State-changing GETs: SameSite=Lax sends the session cookie on a top-level navigation from another site,
 * and such a navigation carries no Origin. So a GET marked `stateChanging` runs only when the browser says
 * the request is same-origin, or when it carries the header only the app sends (APP_REQUEST_HEADER; a link,
 * form or image cannot set a header, and a cross-origin fetch that sets one needs a CORS preflight we never
 * grant). `Sec-Fetch-Site: cross-site` is refused whatever else the request says.
 */
export function registerCsrfGuard(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // The public API (/api/v1) authenticates by the Authorization header only and refuses any cookie, so a page on
    // another site cannot make a browser call it with ambient credentials: there is nothing to forge.
    if (request.routeOptions.config.permission === 'api-key') return;
    const site = request.headers['sec-fetch-site'];
    if (SAFE.has(request.method)) {
      if (request.routeOptions.config.stateChanging !== true) return;
      if (site === 'cross-site') throw forbidden('Cross-site request refused');
      if (site === 'same-origin' || request.headers[APP_REQUEST_HEADER] !== undefined) return;
      throw forbidden(`This call changes data: send it from the app (header ${APP_REQUEST_HEADER})`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
      if (!trusted.has(origin) && origin !== ownOrigin) throw forbidden('Cross-site request refused');
      return;
    }
    if (site === 'cross-site') throw forbidden('Cross-site request refused');
  });
}
