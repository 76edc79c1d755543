import {
  ERROR_CODES,
  entriesLeft,
  inRewardScope,
  isCodeReward,
  issueAmountFor,
  newUnlocks,
  qualifyingFilter,
  withCurrentCompletion,
  type TCountedCompletion,
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
  participantLocks,
  readEngineState,
  writeCompletionPlan,
  type EnginePlanItem,
  type EngineRewardRow,
  type EngineState,
  type EngineStateSpec,
  type ParticipantRef,
} from './engine.repository.js';
import type { EngineCaches } from './engine-caches.js';
import { codeFrom, noteClaimed, type CodeCursors } from './code-cursor.js';
import { forgetState, recallState, rememberState } from './state-memo.js';
import { applyContestEntry } from './rank-index.js';

export interface CompletionToWrite {
  db: Db;
  caches: EngineCaches;
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
  /** Written in the completion's transaction once it is recorded (a pending sale's receipt row): the write then runs in one. */
  afterWrite?: (tx: DbOrTx, completionId: number) => Promise<void>;
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

/**
 * The rewards a completion of this mission can earn, in ascending reward id: the order of the state engine_state
 * reads (one entry per reward) and, among budget debits, of the plan (issueOrder), the lock order of
 * db/functions/reward-budget.sql (the fold visits a campaign's rewards in the same order).
 */
export const rewardsInScope = (rewards: EngineRewardRow[], missionId: number): EngineRewardRow[] =>
  rewards.filter((r) => inRewardScope(r, missionId)).sort((a, b) => a.id - b.id);

/** What engine_state reads for these rewards: each one's scope and assignment filter (packages/domain qualifyingFilter). */
export function stateSpec(
  p: ParticipantRef,
  at: { campaignId: number; campaignMissionId: number },
  rewards: EngineRewardRow[],
  entries: { withMine: boolean; withStore: boolean },
): EngineStateSpec {
  return {
    campaignId: at.campaignId,
    campaignMissionId: at.campaignMissionId,
    pkind: p.kind,
    pid: p.id,
    storeId: p.storeId,
    ...entries,
    rewards: rewards.map((r) => {
      const f = qualifyingFilter(r.assignment);
      return { id: r.id, missionId: r.scope === 'mission' ? r.missionId : null, itemIds: f.itemIds, minSingle: f.minSingleSaleCents };
    }),
  };
}

type UnlockStatics = Omit<TPlayUnlock, 'unlockId' | 'completionId' | 'status' | 'code' | 'amountCents' | 'createdAt'>;

export interface IssuePlan {
  plan: EnginePlanItem[];
  /** What each unlock of a reward shows besides what the write fills in. */
  statics: Record<string, UnlockStatics>;
  /** Per reward of the spec after this completion: [qualifying, sales total, my unlocks before it]. */
  after: [number, number, number][];
}

/**
 * What a completion earns over the participant's state by the domain rules (withCurrentCompletion, newUnlocks,
 * issueAmountFor): the plan engine_issue writes, for a submit and for a review's accept alike.
 */
export function planIssue(
  cursors: CodeCursors,
  rewards: EngineRewardRow[],
  state: EngineState,
  current: TCountedCompletion,
  counts: boolean,
  campaign: { campaignId: number; campaignName: string },
): IssuePlan {
  const out: IssuePlan = { plan: [], statics: {}, after: [] };
  rewards.forEach((r, i) => {
    const [qualifying, salesTotalCents, before] = state.rewards[i]!;
    const er = toEngineReward(r);
    const history = withCurrentCompletion(er, current, counts, { qualifying: Number(qualifying), salesTotalCents: Number(salesTotalCents) });
    const n = newUnlocks(er, current, history, Number(before));
    out.after.push([history.qualifying, history.salesTotalCents, Number(before)]);
    if (n <= 0) return;
    const kind = isCodeReward(r.type) ? 'code' : r.type === 'prize' ? 'prize' : 'plain';
    out.plan.push({ rewardId: r.id, n, kind, amount: issueAmountFor(er, current), ...(kind === 'code' ? { codeFrom: codeFrom(cursors, r.id) } : {}) });
    // Spelt out: `{ ...campaign, rewardId, … }` (a spread, then properties) takes a slow path in Node 20's V8, about
    // 15 µs a time on this machine — a tenth of a submit's work in Node (bench/RESULTS.md, issue 26 before/after).
    out.statics[String(r.id)] = {
      campaignId: campaign.campaignId,
      campaignName: campaign.campaignName,
      rewardId: r.id,
      type: r.type,
      title: r.title,
      linkToShop: null,
      finePrint: null,
      prizeForm: null,
    };
  });
  out.plan = issueOrder(out.plan);
  return out;
}

/**
 * The order engine_issue writes a plan in: first what takes no budget (codes by SKIP LOCKED, prizes, plain
 * unlocks — locks nothing anyone waits for), then what debits a budget, each group in ascending reward id. A budget
 * slice stays locked until commit, so taken last it is held the shortest time (every other participant's debit of
 * that reward queues behind it); among themselves budgets keep the ascending order the fold locks in (decision 0008 §9, §18).
 */
export const issueOrder = (plan: EnginePlanItem[]): EnginePlanItem[] => [
  ...plan.filter((item) => !(item.amount !== null && item.amount > 0)),
  ...plan.filter((item) => item.amount !== null && item.amount > 0),
];

// Optimistic tries, then tries holding the participant's lock from the read to the write.
const OPTIMISTIC_ATTEMPTS = 3;
const ATTEMPTS = 5;

const reusedKey = () =>
  conflict('This Idempotency-Key was used for a different request', ERROR_CODES.idempotencyKeyReused, [
    { path: 'headers.idempotency-key', message: 'already used for a different request' },
  ]);

/**
 * Records a completion and issues what it earns in two statements (decision 0008 §7): read the participant's state
 * (engine_state), apply the domain rules here (planIssue), then write the completion, its contest score and every
 * unlock in one statement (engine_record_completion) that checks, under the participant's lock, that the state is
 * still the one the rules saw (by its version, §15) — else it writes nothing and this plans again. Alone, the write
 * statement is its own transaction, so a budget slice it locks is released at its commit; with `afterWrite` (a
 * pending sale's receipt row) the lock, the write and that row are one transaction.
 */
export async function writeCompletion(c: CompletionToWrite): Promise<{ result: TPlayCompletionResult; created: boolean; touched: boolean }> {
  const p = c.participant;
  const counts = c.status === 'accepted' && c.passed !== false;
  const rewards = counts ? rewardsInScope(c.rewards, c.missionId) : [];
  const current = { missionId: c.missionId, salesAmountCents: c.salesAmountCents, itemIds: c.itemsSold.map((i) => i.itemId) };
  const withStore = c.limits.perStore !== null && p.storeId !== null;
  const spec = stateSpec(p, c, rewards, { withMine: c.limits.perUser !== null, withStore });
  const states = c.caches.participantStates;
  const replayOrConflict = (first: { requestHash: string | null; response: unknown }) => {
    if (first.requestHash !== c.requestHash) throw reusedKey();
    return { result: { ...(first.response as TPlayCompletionResult), replayed: true }, created: false, touched: false };
  };

  const contest = c.status === 'accepted' && c.isContest && p.kind === 'store_user' && p.storeId !== null;
  const usedWith = (state: EngineState) => ({ mine: Number(state.mine) + 1, myStore: Number(state.myStore) + 1 });
  // The counts include this entry: over the limit means there was none left.
  const overLimit = (used: { mine: number; myStore: number }) =>
    (c.limits.perUser !== null && used.mine > c.limits.perUser) || (withStore && used.myStore > c.limits.perStore!);
  const attempt = async (db: DbOrTx, mayRecall: boolean) => {
    // The state this process's last write left the participant in (state-memo.ts), unless it would refuse the entry:
    // a refusal is only ever made on a state read. A replay of this key is answered by the write.
    const recalled = mayRecall ? recallState(states, spec) : undefined;
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
    const issue = planIssue(c.caches.codeCursors, rewards, state, current, counts, { campaignId: c.campaignId, campaignName: c.campaignName });
    // Object.assign, not a spread followed by properties (V8's slow path in Node 20; see planIssue).
    const out = await writeCompletionPlan(db, Object.assign({} as Record<string, unknown>, participantLocks(p, c, withStore), {
      brandId: p.brandId,
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
      contest,
      expected: state,
      plan: issue.plan,
      statics: issue.statics,
      completion: {
        campaignId: c.campaignId,
        campaignMissionId: c.campaignMissionId,
        status: c.status,
        score: c.score,
        passed: c.passed,
        salesAmountCents: c.salesAmountCents,
      },
      entriesLeft: c.limits.perUser !== null || c.limits.perStore !== null ? entriesLeft(c.limits, used) : null,
    }));
    if (out.outcome === 'done') {
      for (const [rewardId, codeId] of out.claimed) noteClaimed(c.caches.codeCursors, rewardId, Number(codeId));
      // My unlocks of each reward grow by what was issued (fewer than planned when codes or budget ran out).
      const issued = (out.response as TPlayCompletionResult).unlocked;
      rewards.forEach((r, i) => (issue.after[i]![2] += issued.filter((u) => u.rewardId === r.id).length));
      // Kept only at the version this write left: a version moved meanwhile by another writer is not this state.
      if (out.version !== null)
        rememberState(states, spec, { mine: spec.withMine ? used.mine : 0, myStore: 0, rewards: issue.after, version: Number(out.version) });
      else forgetState(states, spec);
      if (contest) applyContestEntry(c.caches, c.campaignMissionId, p.id, p.storeId!, c.salesAmountCents);
      return { result: out.response as TPlayCompletionResult, created: true, touched: out.touched };
    }
    forgetState(states, spec);
    if (out.outcome === 'existing') return replayOrConflict(out);
    if (out.outcome === 'inactive') {
      // A replay after the campaign ended still answers the first result.
      const first = await findByIdempotencyKey(db, p, c.idempotencyKey);
      if (first && first.requestHash === c.requestHash) return replayOrConflict(first);
      throw new AppError(409, ERROR_CODES.campaignNotActive, 'This campaign is not running');
    }
    return null;
  };
  const locked = (tx: DbOrTx) => lockParticipant(tx, p, c.campaignId, withStore ? c : null);
  const changedMeanwhile = () => conflict('Your entries changed while this one was recorded; send it again', ERROR_CODES.conflict);

  if (c.afterWrite) {
    const afterWrite = c.afterWrite;
    return c.db.transaction(async (tx) => {
      await locked(tx);
      for (let i = 0; i < ATTEMPTS; i++) {
        const out = await attempt(tx, false);
        if (!out) continue;
        if (out.created) await afterWrite(tx, out.result.completion.id);
        return out;
      }
      throw changedMeanwhile();
    });
  }
  for (let i = 0; i < ATTEMPTS; i++) {
    const out =
      i < OPTIMISTIC_ATTEMPTS
        ? await attempt(c.db, i === 0)
        : await c.db.transaction(async (tx) => {
            await locked(tx);
            return attempt(tx, false);
          });
    if (out) return out;
  }
  throw changedMeanwhile();
}
