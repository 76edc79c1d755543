import type { z } from 'zod';
import { APP_REQUEST_HEADER, ZErrorBody } from '@rally/domain';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

export { ApiError, CLIENT_ERROR_CODES, isApiError } from './api-error';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Serialised as JSON; any value other than undefined sends a body. */
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // Empty values are dropped so "no filter" is the absence of the parameter, as the server expects.
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A failed answer's body as an ApiError: the server's typed error body when it is one, else the HTTP status. */
export function apiErrorFromBody(status: number, statusText: string, payload: unknown): ApiError {
  const parsed = ZErrorBody.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields, dueCents } = parsed.data.error;
    return new ApiError({ status, code, message, fields, dueCents });
  }
  // Proxies and crashes may answer with HTML or nothing; keep the status so callers can still react.
  return new ApiError({ status, code: CLIENT_ERROR_CODES.http, message: statusText || `HTTP ${status}` });
}

/** Turns a failed response into an ApiError, preferring the server's typed error body. */
export async function toApiError(response: Response): Promise<ApiError> {
  const payload = await readJson(response).catch(() => undefined);
  return apiErrorFromBody(response.status, response.statusText, payload);
}

/**
 * The one way the web app talks to /api. With a schema the response is validated
 * and typed; without one the caller gets `unknown` and must not rely on its shape.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions & { schema: S },
): Promise<z.output<S>>;
export async function apiFetch(path: string, options?: ApiRequestOptions): Promise<unknown>;
export async function apiFetch(
  path: string,
  options: ApiRequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { method = 'GET', query, body, signal, schema } = options;
  // The app's header: state-changing GETs run only with it (the server's CSRF guard, decision 0003).
  const headers: Record<string, string> = { accept: 'application/json', [APP_REQUEST_HEADER]: '1' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (cause) {
    // Aborts are TanStack Query cancelling a request, not a failure to report.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'Network request failed', cause });
  }

  if (!response.ok) throw await toApiError(response);

  const payload = await readJson(response);
  if (!schema) return payload;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: `Unexpected response from ${method} ${path}`,
      fields: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      cause: parsed.error,
    });
  }
  return parsed.data;
}
