import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/app-error.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie-authenticated writes: a browser
 * always names the Origin of a cross-origin POST/PUT/DELETE (and Sec-Fetch-Site),
 * so a write whose origin is not ours is refused. Non-browser clients send
 * neither header and carry no ambient cookies, so they pass. Together with
 * SameSite=Lax session cookies this closes the classic CSRF paths.
 */
export function registerCsrfGuard(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
      if (!trusted.has(origin) && origin !== ownOrigin) throw forbidden('Cross-site request refused');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused');
  });
}
