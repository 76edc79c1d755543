import type { FastifyInstance } from 'fastify';
import { findTextProblem } from '@rally/domain';
import { invalid } from '../lib/app-error.js';

/**
 * Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused for every route in one place,
 * before schema validation: a 400 naming the field instead of a 500 from the database, and routes
 * added later are covered without listing them. The rule itself is the domain's (`textProblem`), so
 * the browser's forms and `zText` schemas apply the same one.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      if (part === undefined || part === null || Buffer.isBuffer(part)) continue;
      const problem = findTextProblem(part);
      if (problem) throw invalid([problem], 'Some text cannot be stored');
    }
  });
}
