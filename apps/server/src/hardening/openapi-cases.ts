import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { APP_REQUEST_HEADER, INT4_MAX } from '@rally/domain';
import { fillPath, sampleOf, type ApiRoute, type JsonSchema } from './openapi-routes.js';

/**
 * The requests the OpenAPI suites send to an operation of the document: the one a well-behaved client sends
 * (`{ kind: 'none' }`; an upload's valid file goes as a `multipart` of the caller's making) and generated hostile ones (wrong types, null, missing fields, 1 MB strings, NUL, lone
 * surrogates, deep nesting, huge/negative/non-finite numbers, int4 overflow, __proto__ keys, wrong content types,
 * malformed multipart, missing or bad documented headers). Shared by openapi-fuzz (nothing answers 5xx) and
 * openapi-conformance (every answer is one the document describes).
 */

const MB_STRING = 'a'.repeat(1_000_000);
// Stand-ins JSON.stringify cannot write; swapped into the raw body text after serialising.
const RAW = { nan: '"__RAW_NAN__"', inf: '"__RAW_INF__"', huge: '"__RAW_HUGE__"', deep: '"__RAW_DEEP__"' } as const;
const RAW_TEXT: Record<string, string> = {
  [RAW.nan]: 'NaN',
  [RAW.inf]: 'Infinity',
  [RAW.huge]: '1e309',
  // Nested past what a recursive walker survives.
  [RAW.deep]: `${'[{"a":'.repeat(5000)}1${'}]'.repeat(5000)}`,
};

const deep = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** One hostile value in place of a field, a query value or a path parameter. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    '',
    [],
    {},
    MB_STRING,
    'a\u0000b',
    '\u0000',
    '\uD800',
    'x\uDC00y',
    -1,
    0,
    1.5,
    -2147483649,
    INT4_MAX + 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    -1e20,
    1e20,
    JSON.parse(RAW.nan) as string,
    JSON.parse(RAW.inf) as string,
    JSON.parse(RAW.huge) as string,
    'NaN',
    '1e309',
    '-0',
    '2147483648',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '../../etc/passwd',
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    deep(200),
    JSON.parse(RAW.deep) as string,
    [[[[[[[[[[1]]]]]]]]]],
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 3 }), { maxLength: 5 }),
  fc.anything({ maxDepth: 4 }),
);

export type Mutation =
  /** The request a well-behaved client sends (the conformance test's valid case). */
  | { kind: 'none' }
  | { kind: 'param'; name: string; value: unknown }
  | { kind: 'header'; name: string; value: string | undefined }
  | { kind: 'query'; name: string; value: unknown }
  | { kind: 'bodyField'; path: string[]; value: unknown }
  | { kind: 'bodyMissing'; path: string[] }
  | { kind: 'bodyWhole'; value: unknown }
  | { kind: 'rawBody'; text: string; contentType: string }
  | { kind: 'multipart'; body: string | Buffer; contentType: string };

const RAW_BODIES = fc.constantFrom(
  { text: '{"a":', contentType: 'application/json' },
  { text: '{"__proto__":{"x":1}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: '"text"', contentType: 'application/json' },
  { text: '{"a":1}', contentType: 'text/plain' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { text: '<a/>', contentType: 'application/xml' },
  { text: '{"a":1}', contentType: 'application/json; charset=latin1' },
  { text: '\u0000', contentType: 'application/json' },
  { text: '{"a":"\\u0000"}', contentType: 'application/json' },
  { text: '{"a":"\\ud800"}', contentType: 'application/json' },
  { text: '{"a":1e309}', contentType: 'application/json' },
  { text: '', contentType: 'application/json' },
  { text: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=x' },
);

/** Values of a header the operation names: missing, empty, too short, blank, too long. */
const BAD_HEADER_VALUES = fc.constantFrom<string | undefined>(undefined, '', 'short', ' '.repeat(12), 'x'.repeat(4000), '0', 'é'.repeat(9));

const MULTIPART_BODIES = fc.oneof(
  fc.constantFrom(
    // Truncated: no closing boundary.
    { body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nA1\nB2', contentType: 'multipart/form-data; boundary=b' },
    // No boundary parameter.
    { body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nA1\r\n--b--\r\n', contentType: 'multipart/form-data' },
    // The wrong boundary.
    { body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nA1\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=zzz' },
    // A field but no file.
    { body: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    // A NUL in the title, then a file.
    { body: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    // Headers that never end.
    { body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"', contentType: 'multipart/form-data; boundary=b' },
    // Empty.
    { body: '', contentType: 'multipart/form-data; boundary=b' },
    // Multipart sent as JSON.
    { body: '--b\r\n\r\n--b--', contentType: 'application/json' },
  ),
  fc.string({ unit: 'binary', maxLength: 200 }).map((junk) => ({
    body: `--b\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n\r\n${junk}`,
    contentType: 'multipart/form-data; boundary=b',
  })),
);

/** Paths to every property of a sample body, nested ones included. */
function propertyPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 3) return [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap((v) => propertyPaths(v, prefix, depth + 1));
  const out: string[][] = [];
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key]);
    out.push(...propertyPaths(sub, [...prefix, key], depth + 1));
  }
  return out;
}

export function mutationsFor(route: ApiRoute): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const p of route.params) options.push(badValue.map((value) => ({ kind: 'param' as const, name: p.name, value })));
  for (const q of route.query) options.push(badValue.map((value) => ({ kind: 'query' as const, name: q.name, value })));
  for (const h of route.headers) options.push(BAD_HEADER_VALUES.map((value) => ({ kind: 'header' as const, name: h.name, value })));
  if (route.upload) {
    options.push(MULTIPART_BODIES.map((m) => ({ kind: 'multipart' as const, ...m })));
    options.push(MULTIPART_BODIES.map((m) => ({ kind: 'multipart' as const, ...m })));
  }
  if (route.body || route.method !== 'GET') {
    const paths = propertyPaths(route.body);
    if (paths.length > 0) {
      const path = fc.constantFrom(...paths);
      options.push(fc.tuple(path, badValue).map(([p, value]) => ({ kind: 'bodyField' as const, path: p, value })));
      options.push(fc.tuple(path, badValue).map(([p, value]) => ({ kind: 'bodyField' as const, path: p, value })));
      options.push(path.map((p) => ({ kind: 'bodyMissing' as const, path: p })));
    }
    options.push(badValue.map((value) => ({ kind: 'bodyWhole' as const, value })));
    options.push(RAW_BODIES.map((r) => ({ kind: 'rawBody' as const, ...r })));
  }
  // A query string nobody declared.
  options.push(badValue.map((value) => ({ kind: 'query' as const, name: 'unexpected', value })));
  return fc.oneof(...options);
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));

function setPath(target: Record<string, unknown>, path: string[], value: unknown, remove = false) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

function serialise(value: unknown): string {
  let out = JSON.stringify(value) ?? 'null';
  for (const [token, raw] of Object.entries(RAW_TEXT)) out = out.split(token).join(raw);
  return out;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** `body`: the JSON body a valid request sends, where the schema's simplest sample would not pass the route's rules. */
export function buildRequest(route: ApiRoute, m: Mutation, ids: number[], body?: unknown): BuiltRequest {
  const params: Record<string, unknown> = {};
  route.params.forEach((p, i) => {
    params[p.name] = p.schema.type === 'string' ? (p.schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'x') : ids[i % ids.length];
  });
  if (m.kind === 'param') params[m.name] = text(m.value);
  const query = new URLSearchParams();
  for (const q of route.query) {
    if (q.required) query.set(q.name, String(sampleOf(q.schema)));
  }
  if (m.kind === 'query') query.set(m.name, text(m.value));
  const qs = query.toString();
  const url = fillPath(route.path, params) + (qs ? `?${qs}` : '');
  const headers: Record<string, string> = { [APP_REQUEST_HEADER]: '1' };
  // Every header the operation names, as a client sends it (a fresh Idempotency-Key each time), or the mutation's.
  for (const h of route.headers) headers[h.name] = randomUUID();
  if (m.kind === 'header') {
    if (m.value === undefined) delete headers[m.name];
    else headers[m.name] = m.value;
  }
  if (route.method === 'GET' || route.method === 'HEAD') return { method: route.method, url, headers };
  if (m.kind === 'multipart' || m.kind === 'rawBody') {
    headers['content-type'] = m.contentType;
    return { method: route.method, url, headers, payload: m.kind === 'multipart' ? m.body : m.text };
  }
  headers['content-type'] = 'application/json';
  let json: unknown = structuredClone(body ?? sampleOf(route.body) ?? {});
  if (m.kind === 'bodyWhole') json = m.value;
  else if ((m.kind === 'bodyField' || m.kind === 'bodyMissing') && json !== null && typeof json === 'object' && !Array.isArray(json)) {
    setPath(json as Record<string, unknown>, m.path, m.kind === 'bodyField' ? m.value : undefined, m.kind === 'bodyMissing');
  }
  return { method: route.method, url, headers, payload: serialise(json) };
}

export const describeRequest = (r: BuiltRequest) =>
  `${r.method} ${r.url.slice(0, 200)}${r.url.length > 200 ? '…' : ''} ${r.headers['content-type'] ?? ''} ${String(r.payload ?? '').slice(0, 300)}${(r.payload?.length ?? 0) > 300 ? `… (${r.payload!.length} chars)` : ''}`;

