import type { TErrorField } from '@rally/domain';

/**
 * The participant app's fetch wrapper. Types come from the domain's zod schemas (type-only imports):
 * the runtime schemas stay out of this bundle to keep it small, and the server validates every body.
 */
export class PlayApiError extends Error {
  override readonly name = 'PlayApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: TErrorField[] = [],
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const PLAY_SIGNED_OUT_EVENT = 'rally-play:signed-out';

interface TErrorPayload {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

function toError(status: number, statusText: string, payload: unknown): PlayApiError {
  const error = (payload as TErrorPayload | null)?.error;
  if (error && typeof error.code === 'string') {
    const fields = Array.isArray(error.fields)
      ? (error.fields as TErrorField[]).filter((f) => f && typeof f.message === 'string')
      : [];
    return new PlayApiError(status, error.code, typeof error.message === 'string' ? error.message : error.code, fields);
  }
  return new PlayApiError(status, 'HTTP_ERROR', statusText || `HTTP ${status}`);
}

export interface TPlayRequest {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function playFetch<T>(path: string, init: TPlayRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/play${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new PlayApiError(0, NETWORK_ERROR, 'network');
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text === '' ? undefined : JSON.parse(text);
  } catch {
    payload = text;
  }
  if (!response.ok) {
    const error = toError(response.status, response.statusText, payload);
    // A session that expired mid-use: the shell goes back to sign-in (sign-in calls answer 401 for a wrong code).
    if (response.status === 401 && !path.startsWith('/auth/')) window.dispatchEvent(new Event(PLAY_SIGNED_OUT_EVENT));
    throw error;
  }
  return payload as T;
}

/** A fresh key per attempt; a retry of the same attempt re-sends the same key, so it is never counted twice. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `play-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The message a field error carries for a form input, matched by its path ("answers.0.optionId" → prefix match). */
export function fieldError(error: unknown, path: string): string | undefined {
  if (!(error instanceof PlayApiError)) return undefined;
  return error.fields.find((f) => f.path === path || f.path.startsWith(`${path}.`))?.message;
}
