import { randomBytes } from 'node:crypto';
import { ZGenerateCodesBody, drawCodes, isCodeReward, type TGenerateCodesResult } from '@rally/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { armCodesLowMark, insertNewCodes, lockRewardForCodes } from './reward-codes.repository.js';
import { countUnissuedCodes, findReward } from './reward.repository.js';

export interface GenerateRewardCodesOptions {
  db: Db;
  actor: RequestActor;
  campaignId: number;
  rewardId: number;
  pattern: z.output<typeof ZGenerateCodesBody>;
}

/**
 * Rounds of drawing again for the codes that met one the reward had. A round never draws a code drawn before, so the
 * codes drawn stay under 64 × count ≤ 1/15 of the pattern's space (≥ 1,000× the count): the draw always ends, and only
 * a space the reward's uploaded codes nearly fill runs out of rounds (409).
 */
const MAX_ROUNDS = 64;

/**
 * Fills a code reward's pool from a pattern (decision 0031): `count` codes of `length` characters of `alphabet` after
 * `prefix`, drawn with node:crypto. The reward row is locked first, so additions to one pool run one after another;
 * the unique index on (reward, code) decides what is new — a draw that meets an uploaded or earlier generated code
 * is drawn again — and the pool's low-stock alert is re-armed in the same transaction.
 */
export async function generateRewardCodes({ db, actor, campaignId, rewardId, pattern }: GenerateRewardCodesOptions): Promise<TGenerateCodesResult> {
  requirePermission(actor, 'reward:update');
  return db.transaction(async (tx) => {
    const reward = await findReward(tx, actor.brandId, campaignId, rewardId);
    if (!reward) throw notFound('Reward');
    if (!isCodeReward(reward.type)) throw invalid([{ path: 'rewardId', message: 'only gift card, free product and discount rewards take codes' }]);
    await lockRewardForCodes(tx, reward.id);
    const drawn = new Set<string>();
    let added = 0;
    let regenerated = 0;
    for (let round = 0; added < pattern.count; round++) {
      if (round === MAX_ROUNDS) {
        throw conflict('The pattern has too few codes left that this reward does not have: make the codes longer or the alphabet larger', undefined, [
          { path: 'length', message: `only ${added} new codes could be drawn` },
        ]);
      }
      const wanted = pattern.count - added;
      const codes = drawCodes(pattern, wanted, (n) => randomBytes(n), drawn);
      for (const code of codes) drawn.add(code);
      const inserted = await insertNewCodes(tx, actor.brandId, reward.id, codes);
      regenerated += wanted - inserted;
      added += inserted;
    }
    await armCodesLowMark(tx, reward.id);
    return { added, regenerated, availableCodes: Number(await countUnissuedCodes(tx, reward.id)) };
  });
}
