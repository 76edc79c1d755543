import type { FastifyInstance } from 'fastify';

/** Just enough of OpenAPI 3.0 / JSON Schema to walk the document @fastify/swagger produces. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface ApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface ApiRoute {
  method: string;
  /** OpenAPI path, `{id}` style. */
  path: string;
  summary: string;
  params: ApiParameter[];
  query: ApiParameter[];
  /** Request headers the operation names (Idempotency-Key, x-rally-request…). */
  headers: ApiParameter[];
  body?: JsonSchema;
  /** A multipart upload: its documented multipart/form-data body (a binary `file` and text fields). */
  upload: boolean;
  multipart?: JsonSchema;
  /** The documented answers: status code → content type → schema (no content: an empty answer). */
  responses: Record<string, ApiResponse>;
  /** Who may call it (`x-rally-permission`: a brand permission, or member, signed-in, participant, public). */
  permission?: string;
}

export interface ApiResponse {
  description?: string;
  headers?: Record<string, { schema: JsonSchema; description?: string }>;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface ApiOperation {
  summary?: string;
  parameters?: ApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, ApiResponse>;
  'x-rally-permission'?: string;
}

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, ApiOperation>>;
}

/** The document the app serves at /api/openapi.json. */
export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDoc> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  return res.json() as OpenApiDoc;
}

/** Every route the app describes in /api/openapi.json: new routes are covered by the suites without being listed. */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const doc = await openApiDocument(app);
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const parameters = op.parameters ?? [];
      const summary = op.summary ?? '';
      routes.push({
        method: method.toUpperCase(),
        path,
        summary,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: op.requestBody?.content['application/json']?.schema,
        multipart: op.requestBody?.content['multipart/form-data']?.schema,
        upload: op.requestBody?.content['multipart/form-data'] !== undefined,
        responses: op.responses ?? {},
        permission: op['x-rally-permission'],
      });
    }
  }
  return routes;
}

/** Values a schema cannot tell (a refinement checks them): what a client would send. */
// A generated-codes pattern's alphabet: distinct characters, enough of them for the sample's length and count.
const SAMPLE_HINTS: Record<string, unknown> = { timeZone: 'UTC', alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789' };

/** A plausible value for a schema: what a well-behaved client would send, so a mutation reaches past the first check. */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    // The simplest variant: fewest required fields (a union's refinements are least likely to bite).
    const candidates = variants.filter((v) => v.type !== 'null');
    const simplest = [...candidates].sort((a, b) => (a.required?.length ?? 0) - (b.required?.length ?? 0))[0];
    return sampleOf(simplest ?? variants[0], depth + 1);
  }
  if (schema.allOf) return sampleOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = key in SAMPLE_HINTS ? SAMPLE_HINTS[key] : sampleOf(schema.properties?.[key], depth + 1);
      return out;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      return Array.from({ length: n }, () => sampleOf(schema.items, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'someone@example.test';
      if (schema.pattern === '^[A-Z]{2}$') return 'US';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return undefined;
  }
}

/** `/api/x/{id}` with its parameters filled in (URL-encoded). */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(String(values[name])));
}

/** encodeURIComponent, except that an unpaired surrogate goes out as the invalid UTF-8 a hostile client would send. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split(/([\uD800-\uDFFF])/).map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
  }
}
