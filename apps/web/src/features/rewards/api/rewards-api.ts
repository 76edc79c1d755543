import { z } from 'zod';
import { ZErrorBody, ZMissionItem, ZRewardRead, type TSaveRewardBody } from '@rally/domain';
import { apiFetch, ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-client';

export const ZCodeUpload = z.object({
  fileName: z.string(),
  fileUrl: z.string(),
  codes: z.array(z.string()),
  summary: z.object({
    added: z.number().int(),
    duplicatesInFile: z.number().int(),
    duplicatesExisting: z.number().int(),
    emptyRows: z.number().int(),
  }),
});
export type TCodeUpload = z.infer<typeof ZCodeUpload>;

export const CODES_TEMPLATE_URL = '/api/v3/bundle/codes-template.csv';
export const CODE_FILE_ACCEPT = '.xlsx,.xls,.csv';

export function saveReward(body: TSaveRewardBody) {
  return apiFetch('/reward/write/save-reward', { method: 'POST', body, schema: ZRewardRead });
}

const ZItems = z.object({ items: z.array(ZMissionItem) });

export function fetchMissionItems(missionId: number, signal?: AbortSignal) {
  return apiFetch(`/v3/mission/${missionId}/items`, { schema: ZItems, ...(signal ? { signal } : {}) });
}

/**
 * POSTs a code file as multipart (field "file") with XMLHttpRequest, which, unlike
 * fetch, reports upload progress. Resolves with the codes read and their counts.
 */
export function uploadCodeFile(
  file: File,
  onProgress: (percent: number) => void,
  rewardId?: number,
): { promise: Promise<TCodeUpload>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TCodeUpload>((resolve, reject) => {
    const form = new FormData();
    if (rewardId) form.append('rewardId', String(rewardId));
    form.append('file', file);
    xhr.open('POST', '/api/v3/bundle/upload-excel-codes');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'Network request failed' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText) as unknown;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ZCodeUpload.safeParse(payload);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError({ status: xhr.status, code: CLIENT_ERROR_CODES.invalidResponse, message: 'Unexpected response' }));
        return;
      }
      const error = ZErrorBody.safeParse(payload);
      reject(
        error.success
          ? new ApiError({ status: xhr.status, ...error.data.error })
          : new ApiError({ status: xhr.status, code: CLIENT_ERROR_CODES.http, message: xhr.statusText || `HTTP ${xhr.status}` }),
      );
    };
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
