import type { z } from 'zod';
import { APP_REQUEST_HEADER } from '@rally/domain';
import { ApiError, CLIENT_ERROR_CODES, apiErrorFromBody } from './api-client';

export interface TUploadProgress {
  loaded: number;
  total: number;
  /** 0-100, whole numbers. */
  percent: number;
}

export interface UploadFileOptions<T> {
  /** Absolute path of the upload route, e.g. /api/v3/media/upload. */
  url: string;
  file: File;
  /** Text fields sent before the file, so the server has them when the file stream starts. */
  fields?: Record<string, string>;
  /** The response body's shape; a body that does not match rejects with invalidResponse. */
  schema: z.ZodType<T>;
  onProgress?: (progress: TUploadProgress) => void;
  signal?: AbortSignal;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's `{ error: { code, message, fields } }` body as an ApiError, or a generic one. */
export function uploadErrorFrom(status: number, statusText: string, responseText: string): ApiError {
  return apiErrorFromBody(status, statusText, parseJson(responseText));
}

/**
 * The one multipart uploader of the dashboard (media, code files, POS store lists): XMLHttpRequest rather than
 * fetch because only XHR reports upload progress. Resolves with the parsed response; rejects with an ApiError
 * (the server's field errors kept, or a network failure) or an AbortError DOMException (cancelled).
 */
export function uploadFile<T>({ url, file, fields, schema, onProgress, signal }: UploadFileOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    // The header only the app sends, as apiFetch does: the CSRF check accepts it where sec-fetch-site is missing.
    xhr.setRequestHeader(APP_REQUEST_HEADER, '1');
    xhr.withCredentials = true;

    xhr.upload.addEventListener('progress', (event) => {
      if (!onProgress || !event.lengthComputable) return;
      const percent = event.total > 0 ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : 0;
      onProgress({ loaded: event.loaded, total: event.total, percent });
    });
    xhr.addEventListener('load', () => {
      cleanup();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(uploadErrorFrom(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      const parsed = schema.safeParse(parseJson(xhr.responseText));
      if (!parsed.success) {
        reject(
          new ApiError({
            status: xhr.status,
            code: CLIENT_ERROR_CODES.invalidResponse,
            message: `Unexpected response from POST ${url}`,
            cause: parsed.error,
          }),
        );
        return;
      }
      onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
      resolve(parsed.data);
    });
    xhr.addEventListener('error', () => {
      cleanup();
      reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'Network request failed' }));
    });
    xhr.addEventListener('abort', () => {
      cleanup();
      reject(abortError());
    });
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
