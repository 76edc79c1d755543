import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@rally/domain';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  cookie = await t.signIn('owner@brand.test');
});
afterAll(() => t.close());

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/campaign/create-draft',
    headers: { cookie, 'content-type': contentType },
    payload,
  });

describe('one error shape for every failure', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await post('{"type": ');
    expect(res.statusCode).toBe(400);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.code).toBe('MALFORMED_REQUEST');
  });

  it('names an unknown field', async () => {
    const res = await post(JSON.stringify({ type: 'general', owner: 'me' }));
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields).toEqual([{ path: 'owner', message: 'unknown field' }]);
  });

  it('names a field of the wrong type', async () => {
    const res = await post(JSON.stringify({ type: 42 }));
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['type']);
  });

  it('names a missing field', async () => {
    const res = await post('{}');
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['type']);
  });

  it('answers an oversized body with 413', async () => {
    const res = await post(JSON.stringify({ type: 'general', pad: 'x'.repeat(4096) }));
    expect(res.statusCode).toBe(413);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('type=general', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(ZErrorBody.safeParse(res.json()).success).toBe(true);
  });

  it('answers an unknown API route with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('NOT_FOUND');
  });

  it('names a non-numeric id in the path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/campaign/abc/duplicate', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['id']);
  });

  it('sends the security headers on every response, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // Served over plain HTTP here: no HSTS, no upgrade of insecure requests.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('tags every response with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});

describe('health and API description', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
  });

  it('lists every built route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/health',
      '/api/me',
      '/api/me/brand',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/campaign/bundle',
      '/api/campaign/status-summary',
      '/api/campaign/create-draft',
      '/api/campaign/{id}/duplicate',
      '/api/campaign/{bundleId}/status',
      '/api/v3/bundle/delete-campaign',
      '/api/v3/bundle/{id}/form-data',
      '/api/v3/bundle/{id}',
      '/api/v3/bundle/{id}/mission',
      '/api/v3/bundle/{id}/mission/{missionId}/update',
      '/api/v3/bundle/{id}/mission/{missionId}/delete',
      '/api/v3/bundle/{id}/reward',
      '/api/v3/bundle/{id}/reward/{rewardId}/delete',
      '/api/v3/bundle/end-campaign',
      '/api/v4/bundle/{id}/reward-types',
      '/api/campaign/bundle/{id}/pause-details',
      '/api/v3/bundle/{id}/activity',
      '/api/v3/bundle/{id}/available-missions',
      '/api/v3/mission',
      '/api/v3/mission/{id}',
      '/api/v3/mission/{id}/update',
      '/api/v3/mission/{id}/duplicate',
      '/api/v3/mission/{id}/items',
      '/api/v3/mission/{id}/item/create',
      '/api/v3/mission/{id}/item/{itemId}/update',
      '/api/v3/mission/{id}/item/{itemId}/update-order',
      '/api/v3/mission/{id}/item/{itemId}/delete',
      '/api/v3/media/upload',
      '/api/v3/media',
      '/api/v3/media/{id}/update',
      '/api/media/file/{id}',
      '/api/media/file/{id}/thumb',
      '/api/reward/read/bundle-rewards',
      '/api/reward/write/save-reward',
      '/api/v3/bundle/{id}/reward/{rewardId}/update-end-date',
      '/api/v3/bundle/upload-excel-codes',
      '/api/v3/bundle/add-reward-codes',
      '/api/v3/bundle/codes-template.csv',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });

  it('serves the browsable API docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger/i);
  });
});
