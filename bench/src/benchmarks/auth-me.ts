import type { Benchmark } from './benchmark.js';

/** The fixed cost of any signed-in route: better-auth session lookup plus the membership query. */
export const authMe: Benchmark = {
  name: 'auth-me',
  description: 'GET /api/me (session, membership and brand list; no campaign data)',
  run: (ctx) => ctx.measure(`${ctx.appUrl}/api/me`, { ...ctx.load, headers: { cookie: ctx.cookie } }),
};
