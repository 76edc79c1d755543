import type { DbOrTx } from '../../db/client.js';
import { assignPrizeUnlock, lockParticipant, type ParticipantRef } from './engine.repository.js';

export interface PrizeGift {
  participant: ParticipantRef;
  campaignId: number;
  rewardId: number;
  /** The dashboard user who gives it. */
  assignedBy: string;
  /** The winner's store at the time. */
  assignedStoreId: number;
}

/**
 * A prize given to a winner by hand (the leaderboard's assignment), in the engine's lock order: the participant's
 * lock first — as a submit or a review takes it — then whatever the caller checks and locks under it (`decide`: the
 * prize's units, an unlock awaiting assignment), and the new unlock through the engine's one issue (engine_issue, via
 * engine_assign_prize) when `decide` calls `issue`. Returns what `decide` returns: the unlock id.
 */
export async function givePrize(tx: DbOrTx, gift: PrizeGift, decide: (issue: () => Promise<number>) => Promise<number>): Promise<number> {
  await lockParticipant(tx, gift.participant, gift.campaignId, null);
  return decide(() => assignPrizeUnlock(tx, gift));
}
