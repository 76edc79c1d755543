import type { Benchmark } from './benchmark.js';

/** The ceiling: Fastify answering a constant JSON object, no auth, no database. */
export const bareJson: Benchmark = {
  name: 'bare-json',
  description: 'GET /bare on a bare Fastify server (baseline)',
  run: (ctx) => ctx.measure(`${ctx.bareUrl}/bare`, ctx.load),
};
