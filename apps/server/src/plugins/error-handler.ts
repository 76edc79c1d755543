import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type TErrorBody, type TErrorCode, type TErrorField } from '@rally/domain';
import { AppError, codeForStatus } from '../lib/app-error.js';

function send(reply: FastifyReply, status: number, code: TErrorCode, message: string, fields: TErrorField[] = [], dueCents?: number) {
  const body: TErrorBody = { error: { code, message, fields, ...(dueCents === undefined ? {} : { dueCents }) } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** One field entry per invalid field; an unknown key is named by its own path. */
export function fieldsFromValidation(issues: ValidationIssue[], where = 'body'): TErrorField[] {
  const fields: TErrorField[] = [];
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) {
        fields.push({ path: base ? `${base}.${key}` : key, message: 'unknown field' });
      }
      continue;
    }
    // A whole part of the request of the wrong type (a body that is null, an array…) is named by that part.
    fields.push({ path: base || where, message: issue.message ?? 'invalid' });
  }
  return fields;
}

/** A field of the PostgreSQL error, which drivers and Drizzle may wrap up to a few `cause`s deep. */
function postgresField(err: unknown, key: 'code' | 'column'): string | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const value = (cur as Record<string, unknown>)[key];
    if (typeof value === 'string' && (key === 'column' ? value !== '' : /^[0-9A-Z]{5}$/.test(value))) return value;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The router's own refusals, before any route or hook runs (Fastify's `frameworkErrors`): a path that is not
 * valid percent-encoded UTF-8, or a path parameter longer than the router takes. In the one error shape too.
 */
export function frameworkErrors(err: FastifyError, _request: unknown, reply: FastifyReply) {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: TErrorBody = {
    error: {
      code: ERROR_CODES.validation,
      message: tooLong ? 'A path parameter is too long' : 'The path is not valid',
      fields: [{ path: 'url', message: tooLong ? 'a path parameter is too long' : 'not valid percent-encoded UTF-8' }],
    },
  };
  return reply.code(400).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Maps every failure to the one error shape; 5xx text never leaks. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      if (err.status >= 500) request.log.error({ err }, 'app error');
      // A payment the wallet does not cover says how much is missing (billing's PaymentDueError).
      const due = 'dueCents' in err && typeof err.dueCents === 'number' ? err.dueCents : undefined;
      return send(reply, err.status, err.code, err.message, err.fields, due);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      return send(
        reply,
        400,
        ERROR_CODES.validation,
        `Invalid ${where}`,
        fieldsFromValidation(err.validation as unknown as ValidationIssue[], where),
      );
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response failed its schema');
      return send(reply, 500, ERROR_CODES.internal, 'Something went wrong on our side');
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, ERROR_CODES.payloadTooLarge, 'The request body is too large');
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, ERROR_CODES.unsupportedMediaType, 'Unsupported content type');
    }
    if (status === 429) {
      return send(reply, 429, ERROR_CODES.rateLimited, 'Too many attempts; try again later');
    }
    if (status === 400 && err instanceof SyntaxError && /forbidden (prototype|constructor) property/.test(err.message)) {
      // Valid JSON, but a __proto__ or constructor.prototype key is refused outright (prototype pollution).
      return send(reply, 400, ERROR_CODES.malformed, 'The request body uses a reserved key', [
        { path: 'body', message: 'keys named __proto__ or constructor.prototype are not allowed' },
      ]);
    }
    if (status === 400 && (err.code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError)) {
      return send(reply, 400, ERROR_CODES.malformed, 'The request body is not valid JSON', [
        { path: 'body', message: err.message },
      ]);
    }
    const pgCode = postgresField(err, 'code');
    if (pgCode === '23505') return send(reply, 409, ERROR_CODES.conflict, 'This already exists');
    if (pgCode === '23503') return send(reply, 409, ERROR_CODES.conflict, 'A related record is missing or still in use');
    if (pgCode === '23514' || pgCode === '22P02' || pgCode === '22003' || pgCode === '22001') {
      // Schemas bound every value to its column, so this is a missed bound: still name what was refused
      // (the column when PostgreSQL says which, else the body) and log it so the schema gets fixed.
      request.log.warn({ err }, 'database refused a value the schema let through');
      return send(reply, 400, ERROR_CODES.validation, 'A value is out of range', [
        { path: postgresField(err, 'column') ?? 'body', message: 'a value is out of range for what can be stored' },
      ]);
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, codeForStatus(status), err.message);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, ERROR_CODES.internal, 'Something went wrong on our side');
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): headers and
 * request line over 16 KB (431), a control character such as NUL in a header (400 naming the header), a request
 * line or framing that is not HTTP (400), a request not received in time (408). Written straight to the socket,
 * as Node's own answer would be, but in the one error shape; the connection is closed after it.
 */
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(err);
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: answer.error });
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The status and error body for one of Node's parser errors (exported for its unit test). */
export function clientErrorAnswer(err: { code?: string; rawPacket?: unknown }): { status: number; error: TErrorBody['error'] } {
  // Node hands the bytes parsed so far as a Buffer (Fastify's type describes its JSON form).
  const packet = err.rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet : Buffer.from((packet as { data?: number[] } | undefined)?.data ?? []);
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, error: { code: ERROR_CODES.badRequest, message: 'The request was not received in time', fields: [] } };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // The limit (Node's maxHeaderSize, 16 KB) covers the request line and the headers together; a long first line
    // is a long URL, most often its query string.
    const lineEnd = raw.indexOf('\r\n');
    const longUrl = lineEnd === -1 || lineEnd > 8192;
    return {
      status: 431,
      error: {
        code: ERROR_CODES.badRequest,
        message: 'The request line and headers are larger than 16 KB',
        fields: [{ path: longUrl ? 'url' : 'headers', message: 'the URL and headers may take at most 16 KB together' }],
      },
    };
  }
  if (err.code === 'HPE_INVALID_HEADER_TOKEN' || err.code === 'HPE_INVALID_HEADER_VALUE' || err.code === 'HPE_INVALID_HEADER_VALUE_CHAR') {
    return {
      status: 400,
      error: { code: ERROR_CODES.validation, message: 'A request header is not valid', fields: [{ path: badHeaderPath(raw), message: 'must not contain control characters (NUL, CR, LF…)' }] },
    };
  }
  const inUrl = err.code === 'HPE_INVALID_URL' || err.code === 'HPE_INVALID_METHOD' || err.code === 'HPE_INVALID_VERSION';
  return {
    status: 400,
    error: {
      code: ERROR_CODES.malformed,
      message: 'The request is not valid HTTP',
      fields: [{ path: inUrl ? 'url' : 'request', message: inUrl ? 'the request line is not valid' : 'the request framing is not valid' }],
    },
  };
}

/** `headers.<name>` of the first header line holding a character a header may not (a valid name only), else `headers`. */
function badHeaderPath(raw: Buffer): string {
  const lines = raw.toString('latin1').split('\r\n').slice(1);
  for (const line of lines) {
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000a-\u001f\u007f]/.test(line)) continue;
    const name = line.slice(0, Math.max(0, line.indexOf(':')));
    return /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(name) ? `headers.${name.toLowerCase()}` : 'headers';
  }
  return 'headers';
}

/**
 * The methods each route pattern answers, gathered as routes are added (register before any route), so the
 * not-found handler can tell a path served for other methods (405 with `Allow`) from one that does not exist.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: routePattern(route.url ?? ''), methods: methods.map((m) => m.toUpperCase()) });
  });
  return (url) => {
    const path = url.split('?')[0] ?? '';
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}

/** A find-my-way path (`/a/:id/b`, `:id(regex)`, `*`, `::` for a literal colon) as an anchored RegExp. */
function routePattern(url: string): RegExp {
  let out = '';
  for (let i = 0; i < url.length; i++) {
    const ch = url[i]!;
    if (ch === ':' && url[i + 1] === ':') {
      out += ':';
      i++;
    } else if (ch === ':') {
      const name = /^[\w]+/.exec(url.slice(i + 1))?.[0] ?? '';
      i += name.length;
      if (url[i + 1] === '(') {
        // A regex parameter: its expression up to the matching parenthesis.
        let depth = 0;
        let j = i + 1;
        for (; j < url.length; j++) {
          if (url[j] === '(') depth++;
          else if (url[j] === ')' && --depth === 0) break;
        }
        out += `(?:${url.slice(i + 2, j).replace(/^\^|\$$/g, '')})`;
        i = j;
      } else out += '[^/]+?';
    } else if (ch === '*') out += '.*';
    else out += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** 405 in the one error shape, with the methods the path does answer in `Allow`. */
export function sendMethodNotAllowed(reply: FastifyReply, method: string, allowed: string[]) {
  const list = allowed.join(', ');
  return reply
    .header('allow', list)
    .status(405)
    .type('application/json; charset=utf-8')
    .send({
      error: { code: ERROR_CODES.badRequest, message: `${method} is not allowed here; this path answers ${list}`, fields: [{ path: 'method', message: `one of ${list}` }] },
    } satisfies TErrorBody);
}
