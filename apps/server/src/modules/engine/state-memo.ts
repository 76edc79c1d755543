import type { Cache } from '../../lib/cache.js';
import type { RememberedState } from './engine-caches.js';
import type { EngineState, EngineStateSpec } from './engine.repository.js';

/**
 * A participant's engine state as this process's last write left it (decision 0008 §12), so their next
 * completion is planned from it and written in one statement instead of a read and a write. Only a guess:
 * the write (engine_record_completion) still compares, under the participant's lock, the participant's version
 * with the one kept here (§15), and writes nothing when they differ — another process, a review, or a completion
 * of another mission moved it — and the engine then reads the state and plans again. The state kept is the rules'
 * own account of the write (write-completion.ts), which engine.test.ts holds equal to what engine_state then
 * reads. A store's entries move with every colleague's, so a spec counting them is never kept. The states live in
 * `app.caches.engine.participantStates` (engine-caches.ts): 60 s, 50,000 participants, least recently used dropped.
 */
export type ParticipantStates = Cache<string, RememberedState>;

const participantOf = (spec: Pick<EngineStateSpec, 'campaignId' | 'pkind' | 'pid'>) => `${spec.campaignId}:${spec.pkind}:${spec.pid}`;

/** The state this process expects the participant to be in for this spec, if it knows it. */
export function recallState(states: ParticipantStates, spec: EngineStateSpec): EngineState | undefined {
  if (spec.withStore) return undefined;
  const hit = states.get(participantOf(spec));
  return hit && hit.spec === JSON.stringify(spec) ? hit.state : undefined;
}

/** What the participant's state is after this process wrote their completion (one entry per participant and campaign). */
export function rememberState(states: ParticipantStates, spec: EngineStateSpec, state: EngineState): void {
  if (spec.withStore) states.delete(participantOf(spec));
  else states.set(participantOf(spec), { spec: JSON.stringify(spec), state });
}

/** Forgets what this process expected of the participant (their state moved another way). */
export function forgetState(states: ParticipantStates, spec: Pick<EngineStateSpec, 'campaignId' | 'pkind' | 'pid'>): void {
  states.delete(participantOf(spec));
}

/** Every state this process keeps, with the spec it was planned for (engine.test.ts). */
export function rememberedStates(states: ParticipantStates): { spec: EngineStateSpec; state: EngineState }[] {
  return [...states.entries()].map(([, e]) => ({ spec: JSON.parse(e.spec) as EngineStateSpec, state: e.state }));
}
