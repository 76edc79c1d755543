import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicPageSettings } from '@rally/domain';
import { errorResponses } from '../../lib/error-responses.js';
import { getPublicPageSettings, updatePublicPageSettings } from './public-page-settings.js';

const tags = ['campaign'];

/** The brand's public page settings: who its public leaderboards name (issue 27). */
export async function publicPageSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/public-page/settings',
    {
      config: { permission: 'brand:read' },
      schema: {
        tags,
        summary: "The brand's public page settings: who a public leaderboard names (none by default, initials, stores)",
        response: { 200: ZPublicPageSettings, ...errorResponses },
      },
    },
    async (request) => getPublicPageSettings(db, await app.actor(request)),
  );

  r.put(
    '/api/public-page/settings',
    {
      config: { permission: 'brand:update' },
      schema: {
        tags,
        summary: "Choose who the brand's public pages name on a leaderboard",
        description:
          'leaderboardNames: none (ranks and figures only, the default), initials (first name and last initial, "Daniel B."), or stores (store names). Applies to every public page of the brand at once. Owners and admins only (403 otherwise).',
        body: ZPublicPageSettings,
        response: { 200: ZPublicPageSettings, ...errorResponses },
      },
    },
    async (request) => updatePublicPageSettings(db, await app.actor(request), request.body),
  );
}
