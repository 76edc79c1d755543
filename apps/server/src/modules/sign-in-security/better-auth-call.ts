import type { FastifyReply, FastifyRequest } from 'fastify';
import { headersOf, type Auth } from '../auth/index.js';

export interface AuthAnswer {
  status: number;
  /** better-auth's JSON answer (null when it sent none). */
  body: Record<string, unknown> | null;
  /** better-auth's error code (INVALID_CODE, INVALID_PASSWORD…) when it refused. */
  code: string | undefined;
  cookies: string[];
}

/**
 * Calls one of better-auth's plugin endpoints on behalf of the request (its cookies and origin), without relaying
 * anything yet: the route maps a refusal to our error shape, naming the field, and relays cookies only then.
 */
export async function callAuth(
  auth: Auth,
  request: FastifyRequest,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthAnswer> {
  const headers = headersOf(request);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const host = request.headers.host ?? 'localhost';
  const url = new URL(`/api/auth${path}`, `${request.protocol}://${host}`);
  const res = await auth.handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    /* better-auth answered without a JSON body */
  }
  return {
    status: res.status,
    body: json,
    code: res.status >= 400 && typeof json?.code === 'string' ? json.code : undefined,
    cookies: res.headers.getSetCookie(),
  };
}

/** Relays better-auth's cookies (a new session, the two-factor challenge's end) onto our answer. */
export function relayCookies(reply: FastifyReply, answer: AuthAnswer): void {
  if (answer.cookies.length > 0) reply.header('set-cookie', answer.cookies);
}
