import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES, apiFetch, buildUrl } from './api-client';
import { stubFetch } from '../test/fetch-stub';

describe('api-client', () => {
  it('turns the server error body into a typed ApiError', async () => {
    stubFetch({
      'POST /api/campaign/create-draft': () => ({
        status: 422,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'type is invalid',
            fields: [{ path: 'type', message: 'Invalid option' }],
          },
        },
      }),
    });

    const error = await apiFetch('/campaign/create-draft', { method: 'POST', body: { type: 'nope' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'type is invalid',
      fields: [{ path: 'type', message: 'Invalid option' }],
    });
  });

  it('keeps the status when the error body is not the server shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );

    const error = await apiFetch('/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: CLIENT_ERROR_CODES.http, fields: [] });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await apiFetch('/me').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('rejects a successful response that does not match the schema', async () => {
    stubFetch({ 'GET /api/thing': () => ({ body: { id: 'not-a-number' } }) });

    const error = await apiFetch('/thing', { schema: z.object({ id: z.number() }) }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.invalidResponse, fields: [{ path: 'id' }] });
  });

  it('sends JSON with the session cookie and returns the validated body', async () => {
    const fetchMock = vi.fn(async () => Response.json({ id: 7 }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiFetch('/thing', { method: 'POST', body: { a: 1 }, schema: z.object({ id: z.number() }) });

    expect(result).toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it('leaves empty query values out of the URL', () => {
    expect(buildUrl('/campaign/bundle', { currentPage: 2, status: null, filter: '', sort: '-name' })).toBe(
      '/api/campaign/bundle?currentPage=2&sort=-name',
    );
  });
});
