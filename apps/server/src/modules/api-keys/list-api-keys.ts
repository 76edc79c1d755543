import type { TApiKeyList } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { RequestActor } from '../auth/index.js';
import { listApiKeyRows } from './api-keys.repository.js';
import { toApiKey } from './api-keys.mapper.js';

/** The brand's keys, newest first, revoked and expired ones included (never a secret). */
export async function listApiKeys(db: Db, actor: RequestActor): Promise<TApiKeyList> {
  const now = new Date();
  return { items: (await listApiKeyRows(db, actor.brandId)).map((row) => toApiKey(row, now)) };
}
