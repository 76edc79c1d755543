import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { playCookie } from '../../testing/engine-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function participantOf(brandId: string) {
  const f = factories(t.database.db);
  const store = await f.store(brandId);
  const user = await f.storeUser(brandId, store.id);
  return playCookie(t.database.db, brandId, user.id);
}

async function upload(cookie: string): Promise<string> {
  const body = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: PNG });
  const res = await t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
  expect(res.statusCode).toBe(201);
  return res.json().url;
}

describe('participant photos', () => {
  it('are served to the participant who uploaded them and to dashboard users of their brand, as the stored image', async () => {
    const mine = await participantOf(t.brandIds.owner);
    const url = await upload(mine);
    const own = await t.app.inject({ method: 'GET', url, headers: { cookie: mine } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const dashboard = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.signIn('owner@brand.test') } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.rawPayload.equals(PNG)).toBe(true);
  });

  it('are a 404 for another participant, another brand, no session and an unknown id', async () => {
    const url = await upload(await participantOf(t.brandIds.owner));
    const otherParticipant = await participantOf(t.brandIds.owner);
    const otherBrand = await t.signIn('partner@partner.test');
    for (const cookie of [otherParticipant, otherBrand, undefined]) {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/play/uploads/00000000-0000-4000-8000-000000000000', headers: { cookie: otherParticipant } });
    expect(unknown.statusCode).toBe(404);
  });
});
