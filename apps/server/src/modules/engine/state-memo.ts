import type { EngineState, EngineStateSpec } from './engine.repository.js';

/**
 * A participant's engine state as this process's last write left it (decision 0008 §12), so their next
 * completion is planned from it and written in one statement instead of a read and a write. Only a guess:
 * the write (engine_record_completion) still compares, under the participant's lock, the participant's version
 * with the one kept here (§15), and writes nothing when they differ — another process, a review, or a completion
 * of another mission moved it — and the engine then reads the state and plans again. The state kept is the rules'
 * own account of the write (write-completion.ts), which engine.test.ts holds equal to what engine_state then
 * reads. A store's entries move with every colleague's, so a spec counting them is never kept.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
// Per database handle: several apps (tests, the seed) in one process never share states.
const memos = new WeakMap<object, Map<string, { spec: string; state: EngineState; until: number }>>();

const participantOf = (spec: EngineStateSpec) => `${spec.campaignId}:${spec.pkind}:${spec.pid}`;

/** The state this process expects the participant to be in for this spec, if it knows it. */
export function recallState(db: object, spec: EngineStateSpec): EngineState | undefined {
  if (spec.withStore) return undefined;
  const hit = memos.get(db)?.get(participantOf(spec));
  if (!hit || hit.until < Date.now() || hit.spec !== JSON.stringify(spec)) return undefined;
  return hit.state;
}

/** What the participant's state is after this process wrote their completion (one entry per participant and campaign). */
export function rememberState(db: object, spec: EngineStateSpec, state: EngineState): void {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  if (spec.withStore) {
    memo.delete(participantOf(spec));
    return;
  }
  if (memo.size >= MAX_ENTRIES) memo.clear();
  memo.set(participantOf(spec), { spec: JSON.stringify(spec), state, until: Date.now() + TTL_MS });
}

/** Forgets what this process expected of the participant (their state moved another way). */
export function forgetState(db: object, spec: EngineStateSpec): void {
  memos.get(db)?.delete(participantOf(spec));
}

/** Every state this process keeps for a database handle, with the spec it was planned for (engine.test.ts). */
export function rememberedStates(db: object): { spec: EngineStateSpec; state: EngineState }[] {
  return [...(memos.get(db)?.values() ?? [])].map((e) => ({ spec: JSON.parse(e.spec) as EngineStateSpec, state: e.state }));
}
