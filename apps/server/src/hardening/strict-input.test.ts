import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, APP_REQUEST_HEADER, ZErrorBody } from '@rally/domain';
import { factories } from '../testing/factories.js';
import { multipartBody } from '../testing/multipart.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { apiRoutes, fillPath } from './openapi-routes.js';

/**
 * Strict input (issue 27 items 8 and 12): a number is spelt one way, a date stays within what the database
 * stores, an unknown field or query parameter is named, and the answers Node and the router give before any
 * route runs (431, a bad header, 405) are in the one error shape too.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
});
afterAll(async () => t?.close());

const errorOf = (body: string) => ZErrorBody.parse(JSON.parse(body)).error;
const pathsOf = (body: string) => errorOf(body).fields.map((f) => f.path);

/** One raw HTTP/1.1 exchange on a real socket: Node's parser refuses these before Fastify (inject skips it). */
async function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return new Promise((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.write(request, 'latin1');
  });
}

describe('numbers are spelt in digits only', () => {
  it('refuses an id in a path written other than in digits, naming it', async () => {
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const ok = await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${c.id}/form-data`, headers: { cookie: owner } });
    expect(ok.statusCode).toBe(200);
    for (const spelt of [`0x${c.id.toString(16)}`, `%20${c.id}`, `${c.id}.0`, `${c.id}%0a`, `${c.id}e0`, `+${c.id}`, `0${c.id}`, '2147483648']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${spelt}/form-data`, headers: { cookie: owner } });
      expect(res.statusCode, spelt).toBe(400);
      expect(pathsOf(res.body), spelt).toEqual(['id']);
    }
  });

  it('refuses a page number or an id in a query string written other than in digits, naming it', async () => {
    for (const [url, field] of [
      ['/api/campaign/bundle?currentPage=0x2', 'currentPage'],
      ['/api/campaign/bundle?currentPage=%202', 'currentPage'],
      ['/api/campaign/bundle?perPage=5.0', 'perPage'],
      ['/api/reward/read/bundle-rewards?bundleId=1%0a', 'bundleId'],
      ['/api/receipt-scan/receipts?campaignId=0x10', 'campaignId'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
      expect(res.statusCode, url).toBe(400);
      expect(pathsOf(res.body), url).toEqual([field]);
    }
  });

  it('refuses a multipart rewardId past int4 or not in digits, naming rewardId, before the database sees it', async () => {
    for (const rewardId of ['2147483648', '0x10', ' 5', '5.0']) {
      const { payload, contentType } = multipartBody({ name: 'codes.csv', type: 'text/csv', bytes: Buffer.from('CODE1\nCODE2\n') }, { rewardId });
      const res = await t.app.inject({ method: 'POST', url: '/api/v3/bundle/upload-excel-codes', headers: { cookie: owner, 'content-type': contentType }, payload });
      expect(res.statusCode, rewardId).toBe(400);
      expect(pathsOf(res.body), rewardId).toEqual(['rewardId']);
    }
  });
});

describe('dates stay within what the database stores', () => {
  it('refuses a code reward end date in the year 15883 with 400 naming endDate, not a 500', async () => {
    const f = factories(t.database.db);
    const c = await f.campaign(t.brandIds.owner);
    const r = await f.reward(t.brandIds.owner, c.id, { type: 'discount', title: 'Ten off', valueCents: null, totalAvailable: null });
    const url = `/api/v3/bundle/${c.id}/reward/${r.id}/update-end-date`;
    const far = Date.UTC(15883, 0, 1) / 1000;
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { endDate: far, timeZone: 'UTC' } });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.body)).toEqual(['endDate']);
    const lastSecond = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { endDate: lastSecond, timeZone: 'Pacific/Kiritimati' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a filter day that does not exist, naming it', async () => {
    for (const day of ['2025-02-30', '0000-01-01', '2025-13-01']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/billing/ledger?from=${day}`, headers: { cookie: owner } });
      expect(res.statusCode, day).toBe(400);
      expect(pathsOf(res.body), day).toEqual(['from']);
    }
  });
});

describe('every field is named', () => {
  it('names an unknown key inside a mission media, at any depth', async () => {
    for (const [media, path] of [
      [{ fileType: 'image', imageUrl: '/a.png', caption: 'x' }, 'media.caption'],
      [{ fileType: 'image', imageArgs: { fileId: 'f', fileName: 'a.png', owner: 'me' } }, 'media.imageArgs.owner'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v3/mission', headers: { cookie: owner }, payload: { title: 'Shelf check', type: 'general', media } });
      expect(res.statusCode, path).toBe(400);
      expect(pathsOf(res.body), path).toEqual([path]);
    }
  });

  it('refuses control characters in a media title change as the upload does, naming title', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
    const { payload, contentType } = multipartBody({ name: 'shelf.png', type: 'image/png', bytes: png }, { title: 'Shelf' });
    const upload = await t.app.inject({ method: 'POST', url: '/api/v3/media/upload', headers: { cookie: owner, 'content-type': contentType }, payload });
    expect(upload.statusCode, upload.body).toBe(201);
    const id = (upload.json() as { id: string }).id;
    const res = await t.app.inject({ method: 'POST', url: `/api/v3/media/${id}/update`, headers: { cookie: owner }, payload: { title: 'a\u0007b\u001b' } });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.body)).toEqual(['title']);
    const renamed = await t.app.inject({ method: 'POST', url: `/api/v3/media/${id}/update`, headers: { cookie: owner }, payload: { title: 'Shelf, front' } });
    expect((renamed.json() as { title: string }).title).toBe('Shelf, front');
  });

  it('answers a sign-in callbackURL that is not a path on this site with 400 naming callbackURL', async () => {
    let n = 0;
    const signIn = (callbackURL: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'owner@brand.test', password: 'demo1234', callbackURL },
        remoteAddress: `127.9.0.${++n}`,
      });
    for (const bad of ['https://evil.example/steal', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example', '/a\nb']) {
      const res = await signIn(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res.body), bad).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'callbackURL' }] });
    }
    const ok = await signIn('/campaign?tab=active');
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an unknown query parameter on the receipt, invitation and partner-brand lists', async () => {
    for (const url of ['/api/receipt-scan/receipts', '/api/v5/bundle-partner/invitations', '/api/v5/partner-brands']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?unexpected=1`, headers: { cookie: owner } });
      expect(res.statusCode, url).toBe(400);
      expect(pathsOf(res.body), url).toEqual(['unexpected']);
    }
  });

  it('refuses an unknown query parameter on every route that declares its query string', async () => {
    const lenient: string[] = [];
    // The public API (/api/v1) is called with an API key, never the session cookie.
    const key = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' }, payload: { name: 'Strict input', scopes: [...API_KEY_SCOPES] } });
    const bearer = `Bearer ${(key.json() as { secret: string }).secret}`;
    for (const route of await apiRoutes(t.app)) {
      if (route.method !== 'GET' || route.query.length === 0) continue;
      // The SSO callback is the address an identity provider sends the browser back to, with parameters of its own
      // (iss, session_state, Google's hd and authuser…): it reads code, state and error and ignores the rest.
      if (route.path === '/api/auth/sso/callback') continue;
      const params = Object.fromEntries(route.params.map((p) => [p.name, p.schema.type === 'string' ? 'x' : 1]));
      const credentials = route.path.startsWith('/api/v1/') ? { authorization: bearer } : { cookie: owner };
      const res = await t.app.inject({ method: 'GET', url: `${fillPath(route.path, params)}?unexpected=1`, headers: credentials });
      if (res.statusCode !== 400 || !pathsOf(res.body).includes('unexpected')) lenient.push(`${route.path} → ${res.statusCode}`);
    }
    expect(lenient).toEqual([]);
  });
});

describe('answers before any route runs are in the error shape', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a NUL byte in a request header with 400 naming the header', async () => {
    const res = await rawExchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0000b\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'headers.x-note' }] });
  });

  it('answers a 16 kB query string with 431 naming the url', async () => {
    const res = await rawExchange(`GET /api/campaign/bundle?filter=${'a'.repeat(16 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(errorOf(res.body)).toMatchObject({ code: 'BAD_REQUEST', fields: [{ path: 'url' }] });
  });

  it('answers a method a path does not serve with 405 and Allow, and an unknown path with 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: owner } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(errorOf(res.body).code).toBe('BAD_REQUEST');
    const c = await factories(t.database.db).campaign(t.brandIds.owner);
    const withParam = await t.app.inject({ method: 'PATCH', url: `/api/v3/bundle/${c.id}/reward/1/update-end-date`, headers: { cookie: owner } });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('POST');
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing', headers: { cookie: owner } });
    expect(missing.statusCode).toBe(404);
  });
});
