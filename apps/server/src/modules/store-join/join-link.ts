import { randomBytes } from 'node:crypto';
import { ERROR_CODES, STORE_JOIN_PATH, type TStoreJoinLink } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { RequestActor } from '../auth/index.js';
import { recordActivity, userActor } from '../activity/index.js';
import { findStoreForCode, setJoinCode } from './store-join.repository.js';

/** 16 random bytes: 2^128 codes, so no one finds a store's by trying (the door's limits aside). */
export const newJoinCode = () => randomBytes(16).toString('base64url');

export const joinUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/+$/, '')}${STORE_JOIN_PATH}/${code}`;

export interface JoinLinkOptions {
  db: Db;
  actor: RequestActor;
  storeId: number;
  publicUrl: string;
  /** A new code: the old link and posters stop working. */
  rotate?: boolean;
}

/** The join link of one of the brand's approved stores, its code made on first use (or replaced by a rotation). */
export async function joinLinkOf({ db, actor, storeId, publicUrl, rotate = false }: JoinLinkOptions): Promise<TStoreJoinLink> {
  return db.transaction(async (tx) => {
    const store = await findStoreForCode(tx, actor.brandId, storeId);
    if (!store) throw notFound('Store');
    if (store.status !== 'approved')
      throw conflict('Only an approved store has a join link', ERROR_CODES.conflict, [{ path: 'id', message: `the store is ${store.status}` }]);
    let code = store.join_code;
    if (!code || rotate) {
      code = newJoinCode();
      await setJoinCode(tx, actor.brandId, storeId, code);
      if (rotate)
        await recordActivity(tx, {
          brandId: actor.brandId,
          actor: userActor(actor),
          action: 'store.join_link_rotated',
          subject: { type: 'store', id: storeId },
        });
    }
    return { storeId, code, url: joinUrl(publicUrl, code) };
  });
}
