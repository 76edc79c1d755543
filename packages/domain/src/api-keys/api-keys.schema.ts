import { z } from 'zod';
import { ZEpochSeconds } from '../shared/api-schemas.js';
import { zText } from '../shared/limits.js';
import type { TPermission } from '../auth/permissions.js';

/**
 * What a brand's API key may do on the public API (/api/v1): each v1 route names the one scope it needs and a key
 * without it is answered 403 naming the scope. Scopes are not roles: a key is a system of the brand's, not a person.
 */
export const API_KEY_SCOPES = ['campaigns:read', 'campaigns:write', 'participants:write', 'sales:write', 'completions:write', 'reports:read'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const ZApiKeyScope = z.enum(API_KEY_SCOPES);

/**
 * The brand permissions a scope stands for when a v1 route runs a dashboard use case (which checks permissions):
 * launching pays a money campaign's budgets from the wallet, so `campaigns:write` carries `wallet:pay`; generating a
 * reward's codes and setting its low-stock alerts (decision 0031) need `reward:update`.
 */
export const SCOPE_PERMISSIONS: Record<TApiKeyScope, readonly TPermission[]> = {
  'campaigns:read': ['campaign:read', 'mission:read', 'reward:read', 'store:read'],
  'campaigns:write': ['campaign:read', 'campaign:create', 'campaign:update', 'campaign:launch', 'mission:read', 'reward:read', 'reward:update', 'wallet:pay', 'wallet:read'],
  'participants:write': ['store:read', 'staff:manage'],
  'sales:write': ['store:read'],
  'completions:write': ['campaign:read'],
  'reports:read': ['report:read', 'campaign:read'],
};

export function permissionsForScopes(scopes: readonly TApiKeyScope[]): TPermission[] {
  return [...new Set(scopes.flatMap((s) => SCOPE_PERMISSIONS[s]))].sort();
}

/**
 * The secret a client sends: `rk_live_<id>_<secret>`. The id is public (shown in the list, looked up by index); the
 * secret is 32 random bytes in base64url, of which the server keeps only the SHA-256.
 */
export const API_KEY_PREFIX = 'rk_live_';
export const API_KEY_PATTERN = /^rk_live_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** Parses a presented key into its id and secret; null when it is not one of ours. */
export function parseApiKey(token: string): { id: string; secret: string } | null {
  const m = API_KEY_PATTERN.exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : null;
}

export const API_KEY_LIMITS = { name: 80, perBrand: 50 } as const;

export const ZCreateApiKeyBody = z
  .object({
    name: zText(API_KEY_LIMITS.name).trim().min(1, { message: 'a name is required' }),
    scopes: z
      .array(ZApiKeyScope)
      .min(1, { message: 'choose at least one scope' })
      .max(API_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, { message: 'each scope once' }),
    /** When the key stops working (epoch seconds, in the future); null: it works until it is revoked. */
    expiresAt: ZEpochSeconds.nullable().default(null),
  })
  .strict();
export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyBody>;

/** A key's status, derived from its dates: only `active` keys authenticate. */
export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export function apiKeyStatus(key: { revokedAt: number | null; expiresAt: number | null }, nowSeconds: number): TApiKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= nowSeconds) return 'expired';
  return 'active';
}

/** A key as the list shows it: never its secret. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the key (`rk_live_<id>_…`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(ZApiKeyScope),
  status: z.enum(API_KEY_STATUSES),
  createdAt: ZEpochSeconds,
  createdBy: z.string().nullable(),
  expiresAt: ZEpochSeconds.nullable(),
  lastUsedAt: ZEpochSeconds.nullable(),
  revokedAt: ZEpochSeconds.nullable(),
  /** Set when the key was rotated: the id of the key that replaced it. */
  replacedBy: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ items: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

/** Created or rotated: the key and, this once, its secret. */
export const ZApiKeyCreated = z.object({ key: ZApiKey, secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyIdParams = z.object({ id: z.string().regex(/^[a-z0-9]{12}$/, { message: 'a key id (12 letters and digits)' }) });
