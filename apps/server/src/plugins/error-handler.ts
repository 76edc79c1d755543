import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
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
