import { isCodeReward, issueAmountFor, newUnlocks, qualifyingFilter, type TPlayUnlock } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  addContestScore,
  claimCode,
  debitBudget,
  insertUnlock,
  lockParticipant,
  reserveBudget,
  scopeHistory,
  unlocksSoFar,
  type EngineRewardRow,
  type ParticipantRef,
} from './engine.repository.js';
import { codeFrom, noteClaimed } from './code-cursor.js';
import { rewardRank, toEngineReward } from './write-completion.js';

export interface AcceptedCompletion {
  participant: ParticipantRef;
  campaignId: number;
  campaignName: string;
  campaignMissionId: number;
  missionId: number;
  isContest: boolean;
  completionId: number;
  salesAmountCents: number;
  itemsSold: { itemId: number; quantity: number }[];
  /** A failed quiz is accepted but unlocks nothing. */
  passed: boolean | null;
}


const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * What an accepted completion earns, inside the caller's engine transaction (the completion row is
 * already accepted in it): the contest score, and every reward it unlocks — a code claimed, a budget
 * debited through the reward's ledger, a prize awaiting assignment — each one row tied to the
 * completion. Used at submit (no receipt to review) and when a reviewed receipt is accepted.
 */
export async function issueUnlocks(
  tx: DbOrTx,
  c: AcceptedCompletion,
  campaignRewardRows: EngineRewardRow[],
): Promise<{ unlocked: TPlayUnlock[]; touchedStock: boolean }> {
  const p = c.participant;
  const unlocked: TPlayUnlock[] = [];
  let touchedStock = false;
  // The participant's engine lock (as writeCompletion's statement takes it): the history read below and
  // the unlocks written from it are one step against any concurrent submit of theirs (decision 0008 §7).
  await lockParticipant(tx, p, c.campaignId, null);
  if (c.isContest && p.kind === 'store_user' && p.storeId !== null)
    await addContestScore(tx, p.brandId, c.campaignMissionId, p.id, p.storeId, c.salesAmountCents);
  if (c.passed === false) return { unlocked, touchedStock };
  const rewards = campaignRewardRows.filter((r) => r.scope === 'campaign' || r.missionId === c.missionId);
  // Code rewards first and budgets last: the reward row a debit locks is held for the shortest time.
  rewards.sort((a, b) => rewardRank(a) - rewardRank(b));
  const current = { missionId: c.missionId, salesAmountCents: c.salesAmountCents, itemIds: c.itemsSold.map((i) => i.itemId) };
  for (const r of rewards) {
    const er = toEngineReward(r);
    const [history, before] = await Promise.all([
      scopeHistory(tx, p, c.campaignId, r.scope === 'mission' ? r.missionId : null, qualifyingFilter(r.assignment)),
      unlocksSoFar(tx, p, r.id),
    ]);
    const n = newUnlocks(er, current, history, before);
    for (let i = 0; i < n; i++) {
      const amount = issueAmountFor(er, current);
      const base = {
        campaignId: c.campaignId,
        campaignName: c.campaignName,
        rewardId: r.id,
        type: r.type,
        title: r.title,
        completionId: c.completionId,
        linkToShop: null,
        finePrint: null,
        prizeForm: null,
      };
      let slice: number | null = null;
      if (amount !== null && amount > 0) {
        touchedStock = true;
        slice = await reserveBudget(tx, r.id, amount);
        if (slice === null) break;
      }
      if (isCodeReward(r.type)) {
        touchedStock = true;
        const claim = await claimCode(tx, p, r, c.completionId, amount, codeFrom(r.id));
        if (!claim) break;
        noteClaimed(r.id, claim.codeId);
        if (amount !== null && amount > 0) {
          // The gift card's value leaves the budget with the code: a ledger row for the same unlock.
          await debitBudget(tx, { brandId: p.brandId, rewardId: r.id, amountCents: amount, completionId: c.completionId, unlockId: claim.unlockId, slice });
        }
        unlocked.push({ ...base, unlockId: claim.unlockId, status: 'issued', code: claim.code, amountCents: amount, createdAt: epoch(claim.createdAt) });
      } else if (r.type === 'prize') {
        const u = await insertUnlock(tx, p, r, c.completionId, 'awaiting_assignment', null);
        unlocked.push({ ...base, unlockId: u.unlockId, status: 'awaiting_assignment', code: null, amountCents: null, createdAt: epoch(u.createdAt) });
      } else {
        const u = await insertUnlock(tx, p, r, c.completionId, 'issued', amount, null, slice);
        unlocked.push({ ...base, unlockId: u.unlockId, status: 'issued', code: null, amountCents: amount, createdAt: epoch(u.createdAt) });
      }
    }
  }
  return { unlocked, touchedStock };
}
