import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.js';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { config: { permission: 'public' }, schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: ZHealth, 503: ZHealth } } },
    async (_request, reply) => {
      const reachable = await ping(app.database);
      return reply
        .status(reachable ? 200 : 503)
        .send({ status: reachable ? 'ok' : 'degraded', database: { reachable, kind: app.database.kind } });
    },
  );
}
