import { createCache, type Cache } from '../../lib/cache.js';
import type { EngineCampaignMission, EngineItem, EngineRewardRow, EngineState } from './engine.repository.js';
import { createContestCaches, type ContestCaches } from './rank-index.js';

/** A running campaign mission's static parts: what a submit plans from besides the participant's state. */
export interface EngineStaticParts {
  cm: EngineCampaignMission;
  items: EngineItem[];
  rewards: EngineRewardRow[];
  campaignName: string;
}

/** A participant's engine state as this process's last write left it, with the spec (JSON) it was planned for. */
export interface RememberedState {
  spec: string;
  state: EngineState;
}

/**
 * The engine's caches of one app: `app.caches.engine` (decision 0015), handed to the engine by the routes.
 * Each is a `lib/cache.ts` cache: bounded, least recently used dropped first.
 */
export interface EngineCaches extends ContestCaches {
  /**
   * A campaign mission's static parts (undefined: no such campaign mission of the brand), keyed
   * `${brandId}:${campaignId}:${campaignMissionId}`. They change only while the campaign is editable; the engine's
   * write checks the campaign's status itself. Stale-while-revalidate: fresh 1.5 s, never answered older than 2 s;
   * 5,000 campaign missions. Use `staticParts.load(key, read)`.
   */
  staticParts: Cache<string, EngineStaticParts | undefined>;
  /**
   * A participant's state as this process's last write left it (0008 §12), keyed `${campaignId}:${pkind}:${pid}`;
   * only a guess the write checks by the participant's version. 60 s, 50,000 participants. `get` / `set` / `delete`;
   * `entries()` lists what is held (tests).
   */
  participantStates: Cache<string, RememberedState>;
  /**
   * Where this process's next claim of a reward's codes starts (the code id it last claimed), keyed by reward id.
   * No time to live (a wrong cursor costs one extra read); 10,000 rewards. `get` / `set`.
   */
  codeCursors: Cache<number, number>;
}

export function createEngineCaches(): EngineCaches {
  return {
    ...createContestCaches(),
    staticParts: createCache<string, EngineStaticParts | undefined>({ maxEntries: 5_000, freshMs: 1_500, ttlMs: 2_000 }),
    participantStates: createCache<string, RememberedState>({ maxEntries: 50_000, ttlMs: 60_000 }),
    codeCursors: createCache<number, number>({ maxEntries: 10_000 }),
  };
}
