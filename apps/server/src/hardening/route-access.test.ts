import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { declaredRoutes, isBrandPermission } from '../plugins/route-access.js';
import { apiRoutes } from './openapi-routes.js';

/**
 * Every /api route declares who may call it in its options (`config: { permission }`, plugins/route-access.ts):
 * a permission of the domain's table, or explicitly 'member', 'signed-in', 'participant' or 'public'. A route
 * added without one fails here, so nothing is open by omission.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('route access declarations', () => {
  it('has every /api route declare a permission or an explicit public, participant, signed-in or member access', () => {
    const api = declaredRoutes(t.app).filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    const undeclared = api.filter((r) => r.permission === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, `declare config.permission on:\n${undeclared.join('\n')}`).toEqual([]);
  });

  it('names the declared permission of every brand route in the OpenAPI document (x-rally-permission)', async () => {
    const documented = await apiRoutes(t.app);
    const declared = new Map(declaredRoutes(t.app).map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.permission]));
    const wrong = documented
      .filter((r) => (r.permission ?? undefined) !== declared.get(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}: documented ${r.permission}, declared ${declared.get(`${r.method} ${r.path}`)}`);
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(documented.filter((r) => isBrandPermission(r.permission)).length).toBeGreaterThan(80);
  });
});
