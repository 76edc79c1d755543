import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@rally/domain';
import { appError } from '../lib/app-error.js';

/** The path of the first `__proto__` key, or `constructor` key holding `prototype`, in parsed JSON; null if none. */
function reservedKeyPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return at;
      if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return at;
      stack.push([child, at]);
    }
  }
  return null;
}

/**
 * JSON bodies, parsed so that each refusal says what is wrong: text that is not JSON is "not valid JSON"
 * (with the parser's reason), while valid JSON with a `__proto__` or `constructor.prototype` key is refused
 * for that key, by name — Fastify's own parser reports both as invalid JSON. The keys are refused, not
 * stripped, as Fastify does by default: a client sending them is not one we want to guess for.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(appError(ERROR_CODES.malformed, 'The request body is empty', [{ path: 'body', message: 'a JSON value is required' }]), undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      done(appError(ERROR_CODES.malformed, 'The request body is not valid JSON', [{ path: 'body', message: (err as Error).message }]), undefined);
      return;
    }
    if (text.includes('__proto__') || text.includes('constructor')) {
      const at = reservedKeyPath(parsed);
      if (at !== null) {
        done(appError(ERROR_CODES.malformed, 'The request body uses a reserved key', [{ path: at, message: 'keys named __proto__ or constructor.prototype are not allowed' }]), undefined);
        return;
      }
    }
    done(null, parsed);
  });
}
