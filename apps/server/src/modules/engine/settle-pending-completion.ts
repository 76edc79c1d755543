import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import {
  campaignRewards,
  findCampaignMission,
  findPendingCompletion,
  lockParticipant,
  participantKey,
  participantLocks,
  readEngineState,
  settleCompletionPlan,
  type EngineSettleOutcome,
} from './engine.repository.js';
import type { EngineCaches } from './engine-caches.js';
import { noteClaimed } from './code-cursor.js';
import { forgetState } from './state-memo.js';
import { planIssue, rewardsInScope, stateSpec } from './write-completion.js';

export interface SettleResult {
  /** False when the completion was not pending any more (settled before): nothing was done. */
  changed: boolean;
  campaignId: number;
  unlockedCount: number;
  /** Codes or budgets moved: the caller checks the finish criteria after commit. */
  touchedStock: boolean;
}

// Under the participant's lock the state cannot move between the read and the write; a second try covers a writer
// that moved it without the lock (SQL by hand).
const ATTEMPTS = 3;

/**
 * Accepts or rejects a pending completion (a sale waiting for its receipt), inside the reviewer's transaction, through
 * the engine's one issue path (engine_settle_completion → engine_issue) and its lock order: the participant's lock
 * first, then the completion row, the rewards, the version. The completion leaves pending exactly once, so a second
 * accept — a double click, two reviewers, a retried job — changes nothing and issues nothing. An accepted completion
 * earns what it would have earned at submit (contest score and unlocks, planned by the same domain rules from the
 * participant's state) while its campaign runs; a campaign that ended meanwhile counts it but issues nothing.
 */
export async function settlePendingCompletion(
  tx: DbOrTx,
  caches: EngineCaches,
  brandId: string,
  completionId: number,
  decision: 'accepted' | 'rejected',
): Promise<SettleResult> {
  const c = await findPendingCompletion(tx, brandId, completionId);
  if (!c) return { changed: false, campaignId: 0, unlockedCount: 0, touchedStock: false };
  const p = c.participant;
  const base = { ...participantLocks(p, c, false), brandId, participantKey: participantKey(p), completionId, decision };
  const settled = (out: EngineSettleOutcome): SettleResult =>
    out.outcome === 'done'
      ? { changed: true, campaignId: c.campaignId, unlockedCount: out.unlocked.length, touchedStock: out.touched }
      : { changed: false, campaignId: c.campaignId, unlockedCount: 0, touchedStock: false };
  const forget = () => forgetState(caches.participantStates, { campaignId: c.campaignId, pkind: p.kind, pid: p.id });
  if (decision === 'rejected') {
    const out = await settleCompletionPlan(tx, { ...base, expected: null });
    forget();
    return settled(out);
  }
  const cm = await findCampaignMission(tx, brandId, c.campaignId, c.campaignMissionId);
  if (!cm) return { changed: false, campaignId: c.campaignId, unlockedCount: 0, touchedStock: false };
  const counts = c.passed !== false;
  const rewards = counts ? rewardsInScope(await campaignRewards(tx, brandId, c.campaignId), cm.missionId) : [];
  const current = { missionId: cm.missionId, salesAmountCents: c.salesAmountCents, itemIds: c.itemsSold.map((i) => i.itemId) };
  const spec = stateSpec(p, c, rewards, { withMine: false, withStore: false });
  await lockParticipant(tx, p, c.campaignId, null);
  for (let i = 0; i < ATTEMPTS; i++) {
    const { state } = await readEngineState(tx, p, spec, '');
    const issue = planIssue(caches.codeCursors, rewards, state, current, counts, { campaignId: c.campaignId, campaignName: cm.campaignName });
    const out = await settleCompletionPlan(tx, {
      ...base,
      expected: { version: state.version },
      plan: issue.plan,
      statics: issue.statics,
      contest: cm.contest !== null && p.kind === 'store_user' && p.storeId !== null,
      sales: c.salesAmountCents,
    });
    if (out.outcome === 'stale') continue;
    forget();
    if (out.outcome === 'done') for (const [rewardId, codeId] of out.claimed) noteClaimed(caches.codeCursors, rewardId, Number(codeId));
    return settled(out);
  }
  throw conflict('The entry changed while it was reviewed; decide again');
}
