import { ERROR_CODES, type TApiKey, type TApiKeyCreated } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { findApiKeyForUpdate, revokeApiKeyRow } from './api-keys.repository.js';
import { toApiKey } from './api-keys.mapper.js';
import { insertNewKey } from './create-api-key.js';

export interface ApiKeyChangeOptions {
  db: Db;
  actor: RequestActor;
  keyId: string;
}

/** Stops a key at once: its next call is refused (keys are checked on every call, nothing is cached). */
export async function revokeApiKey({ db, actor, keyId }: ApiKeyChangeOptions): Promise<TApiKey> {
  return db.transaction(async (tx) => {
    const key = await findApiKeyForUpdate(tx, actor.brandId, keyId);
    if (!key) throw notFound('API key');
    if (key.revokedAt !== null) throw conflict('This key is revoked already', ERROR_CODES.illegalTransition, [{ path: 'id', message: 'revoked already' }]);
    await revokeApiKeyRow(tx, key.id, null);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'api_key.revoked',
      subject: { type: 'api_key', id: key.id, label: key.name },
    });
    return toApiKey((await findApiKeyForUpdate(tx, actor.brandId, keyId))!);
  });
}

/**
 * A new secret for the same use: a new key with the old one's name, scopes and expiry, shown once; the old key is
 * revoked in the same transaction and names its replacement. (A client switches to the new secret before it calls
 * again; a grace period would keep a possibly leaked secret working.)
 */
export async function rotateApiKey({ db, actor, keyId }: ApiKeyChangeOptions): Promise<TApiKeyCreated> {
  return db.transaction(async (tx) => {
    const key = await findApiKeyForUpdate(tx, actor.brandId, keyId);
    if (!key) throw notFound('API key');
    if (key.revokedAt !== null) throw conflict('A revoked key cannot be rotated', ERROR_CODES.illegalTransition, [{ path: 'id', message: 'revoked' }]);
    if (key.expiresAt !== null && key.expiresAt.getTime() <= Date.now())
      throw conflict('An expired key cannot be rotated: create a new one', ERROR_CODES.illegalTransition, [{ path: 'id', message: 'expired' }]);
    const created = await insertNewKey(tx, {
      brandId: actor.brandId,
      createdBy: actor.userId,
      name: key.name,
      scopes: key.scopes as TApiKey['scopes'],
      expiresAt: key.expiresAt,
    });
    await revokeApiKeyRow(tx, key.id, created.key.id);
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'api_key.rotated',
      subject: { type: 'api_key', id: key.id, label: key.name },
      changes: [{ field: 'replacedBy', old: null, new: created.key.id }],
    });
    return created;
  });
}
