import type { TDataExport } from '@rally/domain';
import { exportLinkPath } from './export-link.js';
import type { ExportRow } from './export.repository.js';

const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function toDataExport(row: ExportRow, secret: string, now = Date.now()): TDataExport {
  const live = row.status === 'done' && row.expiresAt !== null && row.expiresAt.getTime() > now;
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    email: row.email,
    requestedBy: row.userName,
    timeZone: row.timeZone,
    filters: row.filters,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    sizeBytes: row.sizeBytes,
    error: row.error,
    downloadUrl: live ? exportLinkPath(secret, row.id, epoch(row.expiresAt)!) : null,
    expiresAt: epoch(row.expiresAt),
    createdAt: epoch(row.createdAt)!,
    finishedAt: epoch(row.finishedAt),
  };
}
