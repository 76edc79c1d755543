import { vi } from 'vitest';

export interface TRecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type THandlerResult = { status?: number; body?: unknown } | undefined;
/** Keyed by "METHOD /api/path" (no query string); returns the status and JSON body to answer with. */
export type TFetchRoutes = Record<string, (request: TRecordedRequest) => THandlerResult | Promise<THandlerResult>>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces global fetch with a tiny router so component tests exercise the real
 * api-client. Unknown routes answer 404 in the server's error shape, so a test
 * fails loudly instead of hanging.
 */
export function stubFetch(routes: TFetchRoutes) {
  const requests: TRecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const request: TRecordedRequest = { method, url, body: rawBody === undefined ? undefined : JSON.parse(rawBody) };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      return jsonResponse(
        { error: { code: 'NOT_FOUND', message: `No stub for ${method} ${url.pathname}`, fields: [] } },
        404,
      );
    }
    const result = (await handler(request)) ?? {};
    return jsonResponse(result.body, result.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests made to one path, in order. */
    to(method: string, pathname: string): TRecordedRequest[] {
      return requests.filter((r) => r.method === method && r.url.pathname === pathname);
    },
  };
}
