import {
  ERROR_CODES,
  entriesLeft,
  isCodeReward,
  issueAmountFor,
  newUnlocks,
  qualifyingFilter,
  withCurrentCompletion,
  type TEngineReward,
  type TPlayCompletionResult,
  type TPlayUnlock,
} from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, conflict } from '../../lib/app-error.js';
import {
  findByIdempotencyKey,
  lockParticipant,
  participantKey,
  readEngineState,
  writeCompletionPlan,
  type EnginePlanItem,
  type EngineRewardRow,
  type EngineState,
  type EngineStateSpec,
  type ParticipantRef,
} from './engine.repository.js';
import { codeFrom, noteClaimed } from './code-cursor.js';
import { forgetState, recallState, rememberState } from './state-memo.js';
import { applyContestEntry } from './rank-index.js';

export interface CompletionToWrite {
  db: Db;
  participant: ParticipantRef;
  campaignId: number;
  campaignName: string;
  campaignMissionId: number;
  /** Library mission of the campaign mission (mission-scope rewards). */
  missionId: number;
  isContest: boolean;
  limits: { perUser: number | null; perStore: number | null };
  status: 'accepted' | 'pending';
  score: number | null;
  passed: boolean | null;
  salesAmountCents: number;
  itemsSold: { itemId: number; quantity: number }[];
  answers: unknown;
  receiptUploadId: string | null;
  /** Every reward of the campaign (the rules pick those in scope). */
  rewards: EngineRewardRow[];
  idempotencyKey: string;
  requestHash: string;
}

export const toEngineReward = (r: EngineRewardRow): TEngineReward => ({
  id: r.id,
  type: r.type,
  scope: r.scope,
  missionId: r.missionId,
  completionsToUnlock: r.completionsToUnlock,
  maxPerUser: r.maxPerUser,
  isUnlimited: r.isUnlimited,
  assignment: r.assignment,
  amountCents: r.amountCents,
  budgetCents: r.budgetCents,
  dynamicActive: r.dynamicActive,
  dynamicAmounts: r.dynamicAmounts,
});

// Code rewards first and budgets last: the reward row a debit locks is held for the shortest time.
/** The order every completion visits rewards in (decision 0008 §9): codes, prizes, then budgets. */
export const rewardRank = (r: EngineRewardRow) => (isCodeReward(r.type) ? 0 : r.type === 'prize' ? 1 : 2);

// Optimistic tries, then tries holding the participant's lock from the read to the write.
const OPTIMISTIC_ATTEMPTS = 3;
const ATTEMPTS = 5;

/**
 * Records a completion and issues what it earns in two statements (decision 0008 §7): read the
 * participant's state (engine_state), apply the domain rules here, then write the completion, its
 * contest score and every unlock in one statement (engine_record_completion) that checks, under the
 * participant's lock, that the state is still the one the rules saw (by its version, decision 0008 §15) —
 * else it writes nothing and this plans again. The write statement is its own transaction, so a budget
 * row it locks is released at its commit without a round trip to Node in between.
 */
export async function writeCompletion(c: CompletionToWrite): Promise<{ result: TPlayCompletionResult; created: boolean; touched: boolean }> {
  const p = c.participant;
  const counts = c.status === 'accepted' && c.passed !== false;
  const rewards = counts ? c.rewards.filter((r) => r.scope === 'campaign' || r.missionId === c.missionId).sort((a, b) => rewardRank(a) - rewardRank(b)) : [];
  const current = { missionId: c.missionId, salesAmountCents: c.salesAmountCents, itemIds: c.itemsSold.map((i) => i.itemId) };
  const withStore = c.limits.perStore !== null && p.storeId !== null;
  const spec: EngineStateSpec = {
    campaignId: c.campaignId,
    campaignMissionId: c.campaignMissionId,
    pkind: p.kind,
    pid: p.id,
    storeId: p.storeId,
    withMine: c.limits.perUser !== null,
    withStore,
    rewards: rewards.map((r) => {
      const f = qualifyingFilter(r.assignment);
      return { id: r.id, missionId: r.scope === 'mission' ? r.missionId : null, itemIds: f.itemIds, minSingle: f.minSingleSaleCents };
    }),
  };
  const replayOrConflict = (first: { requestHash: string | null; response: unknown }) => {
    if (first.requestHash !== c.requestHash)
      throw conflict('This Idempotency-Key was used for a different request', ERROR_CODES.idempotencyKeyReused, [
        { path: 'headers.idempotency-key', message: 'already used for a different request' },
      ]);
    return { result: { ...(first.response as TPlayCompletionResult), replayed: true }, created: false, touched: false };
  };

  const contest = c.status === 'accepted' && c.isContest && p.kind === 'store_user' && p.storeId !== null;
  const usedWith = (state: EngineState) => ({ mine: Number(state.mine) + 1, myStore: Number(state.myStore) + 1 });
  // The counts include this entry: over the limit means there was none left.
  const overLimit = (used: { mine: number; myStore: number }) =>
    (c.limits.perUser !== null && used.mine > c.limits.perUser) || (withStore && used.myStore > c.limits.perStore!);
  const attempt = async (db: DbOrTx, mayRecall: boolean) => {
    // The state this process's last write left the participant in (state-memo.ts), unless it would refuse the entry:
    // a refusal is only ever made on a state read now. A replay of this key is answered by the write.
    const recalled = mayRecall ? recallState(c.db, spec) : undefined;
    let state: EngineState;
    if (recalled && !overLimit(usedWith(recalled))) state = recalled;
    else {
      const read = await readEngineState(db, p, spec, c.idempotencyKey);
      if (read.existing) return replayOrConflict(read.existing);
      state = read.state;
    }
    const used = usedWith(state);
    if (overLimit(used))
      throw new AppError(409, ERROR_CODES.noEntriesLeft, 'You have no entries left for this mission', [
        { path: 'campaignMissionId', message: 'no entries left' },
      ]);
    // The version is the write's to tell (below).
    const next: Omit<EngineState, 'version'> = { mine: spec.withMine ? used.mine : 0, myStore: 0, rewards: [] };
    const plan: EnginePlanItem[] = [];
    const statics: Record<string, Omit<TPlayUnlock, 'unlockId' | 'completionId' | 'status' | 'code' | 'amountCents' | 'createdAt'>> = {};
    rewards.forEach((r, i) => {
      const [qualifying, salesTotalCents, before] = state.rewards[i]!;
      const er = toEngineReward(r);
      const history = withCurrentCompletion(er, current, counts, { qualifying: Number(qualifying), salesTotalCents: Number(salesTotalCents) });
      const n = newUnlocks(er, current, history, Number(before));
      next.rewards.push([history.qualifying, history.salesTotalCents, Number(before)]);
      if (n <= 0) return;
      const kind = isCodeReward(r.type) ? 'code' : r.type === 'prize' ? 'prize' : 'plain';
      plan.push({ rewardId: r.id, n, kind, amount: issueAmountFor(er, current), ...(kind === 'code' ? { codeFrom: codeFrom(r.id) } : {}) });
      statics[String(r.id)] = {
        campaignId: c.campaignId,
        campaignName: c.campaignName,
        rewardId: r.id,
        type: r.type,
        title: r.title,
        linkToShop: null,
        finePrint: null,
        prizeForm: null,
      };
    });
    const out = await writeCompletionPlan(db, {
      brandId: p.brandId,
      campaignId: c.campaignId,
      campaignMissionId: c.campaignMissionId,
      pkind: p.kind,
      pid: p.id,
      storeId: p.storeId,
      participantKey: participantKey(p),
      idempotencyKey: c.idempotencyKey,
      requestHash: c.requestHash,
      status: c.status,
      sales: c.salesAmountCents,
      itemsSold: c.itemsSold,
      answers: c.answers,
      receiptUploadId: c.receiptUploadId,
      score: c.score,
      passed: c.passed,
      lockStore: withStore,
      contest,
      spec,
      expected: state,
      plan,
      statics,
      completion: {
        campaignId: c.campaignId,
        campaignMissionId: c.campaignMissionId,
        status: c.status,
        score: c.score,
        passed: c.passed,
        salesAmountCents: c.salesAmountCents,
      },
      entriesLeft: c.limits.perUser !== null || c.limits.perStore !== null ? entriesLeft(c.limits, used) : null,
    });
    if (out.outcome === 'done') {
      for (const [rewardId, codeId] of out.claimed) noteClaimed(rewardId, Number(codeId));
      // My unlocks of each reward grow by what was issued (fewer than planned when codes or budget ran out).
      const issued = (out.response as TPlayCompletionResult).unlocked;
      rewards.forEach((r, i) => (next.rewards[i]![2] += issued.filter((u) => u.rewardId === r.id).length));
      // Kept only at the version this write left: a version moved meanwhile by another writer is not this state.
      if (out.version !== null) rememberState(c.db, spec, { ...next, version: Number(out.version) });
      else forgetState(c.db, spec);
      if (contest) applyContestEntry(c.db, c.campaignMissionId, p.id, p.storeId!, c.salesAmountCents);
      return { result: out.response as TPlayCompletionResult, created: true, touched: out.touched };
    }
    forgetState(c.db, spec);
    if (out.outcome === 'existing') return replayOrConflict(out);
    if (out.outcome === 'inactive') {
      // A replay after the campaign ended still answers the first result.
      const first = await findByIdempotencyKey(db, p, c.idempotencyKey);
      if (first && first.requestHash === c.requestHash) return replayOrConflict(first);
      throw new AppError(409, ERROR_CODES.campaignNotActive, 'This campaign is not running');
    }
    return null;
  };

  for (let i = 0; i < ATTEMPTS; i++) {
    const out =
      i < OPTIMISTIC_ATTEMPTS
        ? await attempt(c.db, i === 0)
        : await c.db.transaction(async (tx) => {
            await lockParticipant(tx, p, c.campaignId, withStore ? { campaignMissionId: c.campaignMissionId } : null);
            return attempt(tx, false);
          });
    if (out) return out;
  }
  throw conflict('Your entries changed while this one was recorded; send it again', ERROR_CODES.conflict);
}
