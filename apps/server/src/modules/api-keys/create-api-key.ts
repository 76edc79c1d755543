import { API_KEY_LIMITS, ERROR_CODES, type TApiKeyCreated, type TApiKeyScope, type TCreateApiKeyBody } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { appError, invalid } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { newApiKeySecret } from './api-key-secret.js';
import { countActiveApiKeys, insertApiKey } from './api-keys.repository.js';
import { toApiKey } from './api-keys.mapper.js';

export interface CreateApiKeyOptions {
  db: Db;
  actor: RequestActor;
  body: TCreateApiKeyBody;
  now?: Date;
}

/** Inserts a key and answers its secret, this once: only its SHA-256 is stored. */
export async function insertNewKey(
  tx: DbOrTx,
  o: { brandId: string; createdBy: string; name: string; scopes: readonly TApiKeyScope[]; expiresAt: Date | null },
): Promise<TApiKeyCreated> {
  const secret = newApiKeySecret();
  const row = await insertApiKey(tx, {
    id: secret.id,
    brandId: o.brandId,
    name: o.name,
    scopes: [...o.scopes],
    secretHash: secret.secretHash,
    createdBy: o.createdBy,
    expiresAt: o.expiresAt,
  });
  return { key: toApiKey(row), secret: secret.token };
}

export async function createApiKey({ db, actor, body, now = new Date() }: CreateApiKeyOptions): Promise<TApiKeyCreated> {
  if (body.expiresAt !== null && body.expiresAt * 1000 <= now.getTime()) throw invalid([{ path: 'expiresAt', message: 'a date in the future' }]);
  return db.transaction(async (tx) => {
    if ((await countActiveApiKeys(tx, actor.brandId)) >= API_KEY_LIMITS.perBrand) {
      throw appError(ERROR_CODES.conflict, `A brand has at most ${API_KEY_LIMITS.perBrand} working keys: revoke one first`);
    }
    const created = await insertNewKey(tx, {
      brandId: actor.brandId,
      createdBy: actor.userId,
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt * 1000),
    });
    await recordActivity(tx, {
      brandId: actor.brandId,
      actor: userActor(actor),
      action: 'api_key.created',
      subject: { type: 'api_key', id: created.key.id, label: created.key.name },
      changes: [
        { field: 'scopes', old: null, new: created.key.scopes },
        { field: 'expiresAt', old: null, new: created.key.expiresAt },
      ],
    });
    return created;
  });
}
