import { apiKeyStatus, type TApiKey, type TApiKeyScope } from '@rally/domain';
import type { ApiKeyListRow, ApiKeyRow } from './api-keys.repository.js';
import { keyPrefix } from './api-key-secret.js';

const seconds = (d: Date | null) => (d === null ? null : Math.floor(d.getTime() / 1000));

export function toApiKey(row: ApiKeyRow & { createdByName?: string | null }, now = new Date()): TApiKey {
  const revokedAt = seconds(row.revokedAt);
  const expiresAt = seconds(row.expiresAt);
  return {
    id: row.id,
    name: row.name,
    prefix: keyPrefix(row.id),
    scopes: row.scopes as TApiKeyScope[],
    status: apiKeyStatus({ revokedAt, expiresAt }, Math.floor(now.getTime() / 1000)),
    createdAt: seconds(row.createdAt)!,
    createdBy: row.createdByName ?? null,
    expiresAt,
    lastUsedAt: seconds(row.lastUsedAt),
    revokedAt,
    replacedBy: row.replacedBy,
  };
}

export type { ApiKeyListRow };
