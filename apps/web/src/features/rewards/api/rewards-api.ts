import { z } from 'zod';
import { ZGenerateCodesResult, ZMissionItem, ZRewardRead, ZStockAlerts, type TGenerateCodesBody, type TSaveRewardBody, type TStockAlertsBody } from '@rally/domain';
import { apiFetch } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';

// The answer's `codes` (a million at most) are left out: the save names the kept file by fileUrl instead.
export const ZCodeUpload = z.object({
  fileName: z.string(),
  fileUrl: z.string(),
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

/** POSTs a code file (field "file") with upload progress; resolves with the kept file's fileUrl and its counts. */
export function uploadCodeFile(
  file: File,
  onProgress: (percent: number) => void,
  rewardId?: number,
): { promise: Promise<TCodeUpload>; abort: () => void } {
  const controller = new AbortController();
  const promise = uploadFile({
    url: '/api/v3/bundle/upload-excel-codes',
    file,
    ...(rewardId ? { fields: { rewardId: String(rewardId) } } : {}),
    schema: ZCodeUpload,
    onProgress: (p) => onProgress(p.percent),
    signal: controller.signal,
  });
  return { promise, abort: () => controller.abort() };
}

/** Generates codes into a saved code reward's pool from a pattern (decision 0031); the server draws them. */
export function generateRewardCodes(campaignId: number, rewardId: number, body: TGenerateCodesBody) {
  return apiFetch(`/v3/bundle/${campaignId}/reward/${rewardId}/generate-codes`, { method: 'POST', body, schema: ZGenerateCodesResult });
}

/** A reward's low-stock thresholds and what is left of it (decision 0031). */
export function fetchStockAlerts(campaignId: number, rewardId: number, signal?: AbortSignal) {
  return apiFetch(`/v3/bundle/${campaignId}/reward/${rewardId}/stock-alerts`, { schema: ZStockAlerts, ...(signal ? { signal } : {}) });
}

export function saveStockAlerts(campaignId: number, rewardId: number, body: TStockAlertsBody) {
  return apiFetch(`/v3/bundle/${campaignId}/reward/${rewardId}/stock-alerts`, { method: 'PUT', body, schema: ZStockAlerts });
}
