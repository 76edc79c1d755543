import { ZErrorBody, ZMediaFile, type TMediaFile } from '@rally/domain';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api-client';

export const MEDIA_UPLOAD_URL = '/api/v3/media/upload';

export interface TUploadProgress {
  loaded: number;
  total: number;
  /** 0-100, whole numbers. */
  percent: number;
}

export interface UploadMediaOptions {
  file: File;
  /** Sent before the file so the server has it when the file stream starts. */
  title?: string;
  onProgress?: (progress: TUploadProgress) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

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
  const parsed = ZErrorBody.safeParse(parseJson(responseText));
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError({ status, code, message, fields });
  }
  return new ApiError({ status, code: CLIENT_ERROR_CODES.http, message: statusText || `HTTP ${status}` });
}

/**
 * Uploads one image or video to the brand's media library. XMLHttpRequest rather
 * than fetch because only XHR reports upload progress. Rejects with an ApiError
 * (server or network failure) or an AbortError DOMException (cancelled).
 */
export function uploadMedia({ file, title, onProgress, signal }: UploadMediaOptions): Promise<TMediaFile> {
  return new Promise<TMediaFile>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', MEDIA_UPLOAD_URL);
    xhr.setRequestHeader('accept', 'application/json');
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
      const parsed = ZMediaFile.safeParse(parseJson(xhr.responseText));
      if (!parsed.success) {
        reject(
          new ApiError({
            status: xhr.status,
            code: CLIENT_ERROR_CODES.invalidResponse,
            message: `Unexpected response from POST ${MEDIA_UPLOAD_URL}`,
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
    form.append('title', title ?? file.name.replace(/\.[^.]+$/, ''));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
