import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_REQUEST_HEADER, IDEMPOTENCY_KEY_HEADER } from '@rally/domain';
import { accrueInvoiceLine, closeInvoices } from '../modules/billing/index.js';
import { uploadReceipt } from '../testing/engine-kit.js';
import { multipartBody } from '../testing/multipart.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { apiSessions, callerHeaders, callersFor, type ApiSession, type ApiSessions } from '../testing/api-sessions.js';
import { buildRequest, describeRequest, mutationsFor, type BuiltRequest, type Mutation } from './openapi-cases.js';
import { apiRoutes, openApiDocument, sampleOf, type ApiRoute, type JsonSchema, type OpenApiDoc } from './openapi-routes.js';

/**
 * The OpenAPI document at /api/openapi.json says what the server does (the public API is generated against it).
 * Every operation of the served document gets the request a well-behaved client sends — as its own audience
 * (dashboard user or participant), and signed out or as the other audience — and BAD_PER_ROUTE of the fuzz
 * suite's hostile ones; every answer's status is one the operation documents, its content type one documented for
 * that status, a JSON body validates against the documented schema (ajv), and a documented Retry-After is sent.
 * FUZZ_SEED=<n> replays a run.
 */
const BAD_PER_ROUTE = 20;
// eslint-disable-next-line no-restricted-properties -- a knob of this test run (replaying a seed), not app configuration
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApp;
let doc: OpenApiDoc;
let routes: ApiRoute[];
let sessions: ApiSessions;

beforeAll(async () => {
  t = await createTestApp({ content: true, env: { SIGN_IN_RATE_LIMIT: '1000000', API_KEY_RATE_LIMIT: '1000000' } });
  doc = await openApiDocument(t.app);
  routes = await apiRoutes(t.app);
  sessions = await apiSessions(t);
}, 120_000);
afterAll(async () => t?.close());

/** OpenAPI 3.0's schema dialect as JSON Schema draft 7, which ajv reads: `nullable` and boolean exclusive bounds. */
function toDraft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toDraft7);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'properties' && value && typeof value === 'object') out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toDraft7(v)]));
    else if (['items', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf'].includes(key)) out[key] = toDraft7(value);
    else out[key] = value;
  }
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (out.type === undefined) return { anyOf: [out, { type: 'null' }] };
    out.type = [...new Set([out.type, 'null'].flat())];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  }
  return out;
}

const ajv = new Ajv({
  strict: false,
  allErrors: true,
  formats: {
    email: /^[^\s@]+@[^\s@]+$/,
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'date-time': (value: string) => !Number.isNaN(Date.parse(value)),
    binary: true,
  },
});
const validators = new Map<string, ValidateFunction>();
/** JSON bodies held to their documented schema (so a walk that validated nothing cannot pass). */
let validatedBodies = 0;
function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile(toDraft7(schema) as object);
    validators.set(key, v);
  }
  return v;
}

const mediaType = (header: string | string[] | number | undefined) => String(header ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');
const covers = (documented: string, actual: string) =>
  documented === actual || documented === '*/*' || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

/** What is wrong with an answer against the operation's documented responses; null when it conforms. */
function nonConformance(route: ApiRoute, res: LightMyRequestResponse): string | null {
  const status = String(res.statusCode);
  const documentedStatus = [status, `${status[0]}XX`, 'default'].find((s) => s in route.responses);
  if (!documentedStatus) return `answered ${status}, documented: ${Object.keys(route.responses).join(', ')} — ${res.body.slice(0, 200)}`;
  const documented = route.responses[documentedStatus]!;
  for (const name of Object.keys(documented.headers ?? {})) {
    if (res.headers[name.toLowerCase()] === undefined) return `${status} without its documented ${name} header`;
  }
  const content = documented.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) return res.rawPayload.length === 0 ? null : `${status} has a body (${mediaType(res.headers['content-type'])}) the document does not describe`;
  const actual = mediaType(res.headers['content-type']);
  const match = types.find((type) => covers(type, actual));
  if (!match) return `${status} answered ${actual || 'no content type'}, documented: ${types.join(', ')}`;
  if (!isJson(actual)) return res.rawPayload.length > 0 ? null : `${status} ${actual} with an empty body`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${status} ${actual} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const schema = content[match]!.schema;
  if (!schema) return null;
  const validate = validatorFor(`${route.method} ${route.path} ${documentedStatus} ${match}`, schema);
  validatedBodies += 1;
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
  return `${status} body does not match its documented schema: ${errors} — ${res.body.slice(0, 200)}`;
}

/** A 1 x 1 PNG (what an image upload takes) and the CSV files the code and store imports read. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC',
  'base64',
);

/** A multipart body the upload accepts: its file (by what the path uploads) after its documented text fields. */
function validUpload(route: ApiRoute): Mutation {
  if (route.path.endsWith('/import-file')) {
    const csv = 'refId,name,countryCode,address\nPOS-1,Corner shop,US,1 Main St\n';
    return asMutation(multipartBody({ name: 'stores.csv', type: 'text/csv', bytes: Buffer.from(csv) }));
  }
  if (route.path.endsWith('/sales/files')) {
    const csv = 'store_pos_id,staff,sku,quantity,amount_cents,sold_at,transaction_id\nPOS-1,sam@store.test,SKU-1,1,500,2026-11-27T10:00:00Z,T-1\n';
    return asMutation(multipartBody({ name: 'sales.csv', type: 'text/csv', bytes: Buffer.from(csv) }));
  }
  if (route.path.endsWith('/upload-excel-codes')) {
    return asMutation(multipartBody({ name: 'codes.csv', type: 'text/csv', bytes: Buffer.from(`code\n${randomUUID()}\n${randomUUID()}\n`) }));
  }
  const fields: Record<string, string> = {};
  for (const key of route.multipart?.required ?? []) if (key !== 'file') fields[key] = String(sampleOf(route.multipart?.properties?.[key]));
  return asMutation(multipartBody({ name: 'photo.png', type: 'image/png', bytes: PNG_1X1 }, fields));
}

const asMutation = (body: { payload: Buffer; contentType: string }): Mutation => ({ kind: 'multipart', body: body.payload, contentType: body.contentType });

/** Bodies a client would send where the schema's simplest sample breaks a rule: a completion of the participants' general mission. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/play/campaigns/{id}/missions/{campaignMissionId}/completions': { kind: 'general', answers: [] },
};

/** Path ids a client would send: the participant's running campaign on /api/play, seeded rows elsewhere. */
function idsFor(route: ApiRoute, variant: number): number[] {
  if (route.path.startsWith('/api/play/') && variant === 0) return [sessions.participantCampaign.campaignId, sessions.participantCampaign.campaignMissionId, 1];
  return [1 + variant, 1, 1 + variant];
}

async function send(request: BuiltRequest, caller: ApiSession): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...request, headers: { ...request.headers, ...callerHeaders(caller) } });
}

describe('OpenAPI document', () => {
  it('documents a success answer and the shared refusals of every operation, each answer described', () => {
    for (const r of routes) {
      const statuses = Object.keys(r.responses);
      // A success is a 2xx, or the redirect of a route a browser is sent to (the SSO callback answers 302 only).
      expect(statuses.some((s) => s.startsWith('2') || s === '302'), `${r.method} ${r.path}: ${statuses.join(', ')}`).toBe(true);
      expect(statuses, `${r.method} ${r.path}`).toEqual(expect.arrayContaining(r.method === 'GET' ? ['400', '431'] : ['400', '403', '413', '415', '431']));
      for (const [status, answer] of Object.entries(r.responses)) expect(answer.description, `${r.method} ${r.path} ${status}`).toBeTruthy();
    }
  });

  it('describes each upload as multipart/form-data with a binary file part and its text fields', () => {
    const uploads = routes.filter((r) => r.upload);
    expect(uploads.map((r) => r.path).sort()).toEqual(['/api/brands/current/logo', '/api/play/uploads', '/api/pos/write/store/import-file', '/api/sales/files', '/api/staff/import/apply', '/api/staff/import/preview', '/api/v1/sales/files', '/api/v3/bundle/upload-excel-codes', '/api/v3/media/upload']);
    for (const r of uploads) {
      expect(r.multipart?.properties?.file, r.path).toMatchObject({ type: 'string', format: 'binary' });
      expect(r.multipart?.required, r.path).toContain('file');
    }
    expect(Object.keys(routes.find((r) => r.path === '/api/v3/media/upload')!.multipart!.properties!)).toContain('title');
    expect(Object.keys(routes.find((r) => r.path === '/api/v3/bundle/upload-excel-codes')!.multipart!.properties!)).toContain('rewardId');
  });

  it('requires the Idempotency-Key header (8 characters or more) of a completion and x-rally-request of a mission duplicate', () => {
    const completion = routes.find((r) => r.method === 'POST' && r.path === '/api/play/campaigns/{id}/missions/{campaignMissionId}/completions')!;
    expect(completion.headers.find((h) => h.name === IDEMPOTENCY_KEY_HEADER)).toMatchObject({ required: true, schema: { type: 'string', minLength: 8 } });
    const duplicate = routes.find((r) => r.method === 'GET' && r.path === '/api/v3/mission/{id}/duplicate')!;
    expect(duplicate.headers.find((h) => h.name === APP_REQUEST_HEADER)).toMatchObject({ required: true, schema: { type: 'string' } });
  });

  it('names the file types of the answers that are not JSON (CSV, PDF, images)', () => {
    const typesOf = (method: string, path: string) => Object.keys(doc.paths[path]?.[method]?.responses?.['200']?.content ?? {});
    expect(typesOf('get', '/api/billing/ledger.csv')).toEqual(['text/csv']);
    expect(typesOf('get', '/api/v3/bundle/codes-template.csv')).toEqual(['text/csv']);
    expect(typesOf('get', '/api/exports/{id}/download')).toEqual(expect.arrayContaining(['text/csv']));
    expect(typesOf('get', '/api/billing/invoices/{id}/pdf')).toEqual(['application/pdf']);
    expect(typesOf('get', '/api/play/uploads/{id}')).toEqual(['image/*']);
  });

  it('finds an answer the document does not describe: an undocumented status, content type, body shape or header', () => {
    const me = routes.find((r) => r.method === 'GET' && r.path === '/api/me')!;
    const signIn = routes.find((r) => r.method === 'POST' && r.path === '/api/play/auth/sign-in')!;
    const answer = (statusCode: number, contentType: string, body: string, headers: Record<string, string> = {}) =>
      ({ statusCode, headers: { 'content-type': contentType, ...headers }, body, rawPayload: Buffer.from(body) }) as unknown as LightMyRequestResponse;
    const error = JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'wait', fields: [] } });
    expect(nonConformance(me, answer(418, 'application/json', error))).toMatch(/answered 418/);
    expect(nonConformance(me, answer(200, 'text/html', '<p>'))).toMatch(/text\/html/);
    expect(nonConformance(me, answer(200, 'application/json', '{"user":1}'))).toMatch(/documented schema/);
    expect(nonConformance(me, answer(401, 'application/json; charset=utf-8', '{"error":{}}'))).toMatch(/documented schema/);
    expect(nonConformance(signIn, answer(429, 'application/json', error))).toMatch(/Retry-After/);
    expect(nonConformance(signIn, answer(429, 'application/json', error, { 'retry-after': '30' }))).toBeNull();
  });

  it('serves files (CSV, an invoice PDF, an export, photos, media and thumbnails) with the documented content types', async () => {
    const owner = sessions.dashboard[0]!;
    const participant = sessions.participants[0]!;
    const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;
    const fetched: [ApiRoute, LightMyRequestResponse][] = [];
    const get = async (path: string, url: string, who: ApiSession) => {
      fetched.push([route('GET', path), await send({ method: 'GET', url, headers: {} }, who)]);
    };

    await get('/api/billing/ledger.csv', '/api/billing/ledger.csv', owner);
    await get('/api/v3/bundle/codes-template.csv', '/api/v3/bundle/codes-template.csv', owner);
    const uploadId = await uploadReceipt(t.app, participant.cookie!);
    await get('/api/play/uploads/{id}', `/api/play/uploads/${uploadId}`, participant);
    const image = multipartBody({ name: 'shelf.png', type: 'image/png', bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer() }, { title: 'Shelf' });
    const media = await send({ method: 'POST', url: '/api/v3/media/upload', headers: { 'content-type': image.contentType }, payload: image.payload }, owner);
    expect(media.statusCode, media.body).toBe(201);
    const mediaId = (media.json() as { id: string }).id;
    await get('/api/media/file/{id}', `/api/media/file/${mediaId}`, owner);
    await get('/api/media/file/{id}/thumb', `/api/media/file/${mediaId}/thumb`, owner);
    // A closed month's invoice (its PDF).
    await t.database.db.transaction((tx) =>
      accrueInvoiceLine(tx, { brandId: t.brandIds.owner, kind: 'smart_review', description: 'Receipt review ×4', amountCents: 100, at: new Date('2026-01-15T12:00:00Z') }),
    );
    await closeInvoices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, publicUrl: 'http://localhost:3000' });
    const invoices = (await send({ method: 'GET', url: '/api/billing/invoices', headers: {} }, owner)).json() as { items: { id: number }[] };
    expect(invoices.items.length).toBeGreaterThan(0);
    await get('/api/billing/invoices/{id}/pdf', `/api/billing/invoices/${invoices.items[0]!.id}/pdf`, owner);
    const started = await send(buildRequest(route('POST', '/api/report/write/export/export/stores'), { kind: 'none' }, [1]), owner);
    expect(started.statusCode, started.body).toBe(200);
    await t.app.jobs.drain();
    const exported = (await send({ method: 'GET', url: `/api/exports/${(started.json() as { id: string }).id}`, headers: {} }, owner)).json() as { downloadUrl: string | null };
    expect(exported.downloadUrl).toBeTruthy();
    const link = new URL(exported.downloadUrl!, 'http://localhost');
    await get('/api/exports/{id}/download', link.pathname + link.search, { who: 'signed out', cookie: undefined });

    for (const [r, res] of fetched) {
      expect(res.statusCode, `${r.path}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(nonConformance(r, res), r.path).toBeNull();
    }
    expect(fetched.map(([, res]) => mediaType(res.headers['content-type']))).toEqual(['text/csv', 'text/csv', 'image/png', 'image/png', 'image/webp', 'application/pdf', 'text/csv']);
  });

  it(`answers every operation with a documented status, content type and schema (valid and ${BAD_PER_ROUTE} hostile requests each; seed ${SEED})`, async () => {
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const answered = new Map<string, Set<number>>();
    let requests = 0;
    for (const [r, route] of routes.entries()) {
      const callers = callersFor(route, sessions);
      const caller = callers[0]!;
      const otherAudience = caller.cookie === undefined && caller.authorization === undefined ? [] : [{ who: 'signed out', cookie: undefined }, callers === sessions.participants ? sessions.dashboard[0]! : sessions.participants[0]!];
      const bad = fc.sample(mutationsFor(route), { seed: SEED + r, numRuns: BAD_PER_ROUTE });
      const valid: Mutation = route.upload ? validUpload(route) : { kind: 'none' };
      const cases: [Mutation, number, ApiSession[]][] = [
        [valid, 0, [caller, ...otherAudience]],
        [route.upload ? validUpload(route) : valid, 1, [caller]],
        ...bad.map((m): [Mutation, number, ApiSession[]] => [m, 0, [caller]]),
      ];
      for (const [mutation, variant, who] of cases) {
        const request = buildRequest(route, mutation, idsFor(route, variant), VALID_BODIES[`${route.method} ${route.path}`]);
        for (const session of who) {
          const res = await send(request, session);
          requests += 1;
          const key = `${route.method} ${route.path}`;
          answered.set(key, (answered.get(key) ?? new Set()).add(res.statusCode));
          const problem = res.statusCode === 404 && res.body.includes('"No route ') ? 'the documented operation is not served' : nonConformance(route, res);
          if (problem && failures.length < 200) failures.push(`[${key} as ${session.who}] ${problem}\n    ${describeRequest(request)}`);
        }
      }
    }
    const succeeded = [...answered.values()].filter((codes) => [...codes].some((c) => c < 300)).length;
    console.log(`openapi conformance: ${routes.length} operations, ${requests} requests, ${validatedBodies} JSON bodies validated, ${succeeded} operations answered 2xx; seed ${SEED}`);
    expect(validatedBodies).toBeGreaterThan(requests / 2);
    // The doors of this issue are among them: a participant's completion and uploads, the file imports.
    for (const key of [
      'POST /api/play/campaigns/{id}/missions/{campaignMissionId}/completions',
      'POST /api/play/uploads',
      'POST /api/v3/media/upload',
      'POST /api/v3/bundle/upload-excel-codes',
      'POST /api/pos/write/store/import-file',
    ])
      expect([...(answered.get(key) ?? [])].some((c) => c < 300), `${key} answered ${[...(answered.get(key) ?? [])].join(', ')}`).toBe(true);
    // Most operations are reached past validation, so their success schemas are held to the answers as well.
    expect(succeeded).toBeGreaterThan(routes.length / 2);
    expect(failures, `seed ${SEED} — replay with FUZZ_SEED=${SEED}\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);
});
