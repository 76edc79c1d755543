import { createCache, type Cache } from '../../lib/cache.js';
import { createPlaySessions, type PlaySessions } from './play-session.js';
import type { ReachRow } from './play.repository.js';

/** The participant routes' caches of one app: `app.caches.play` (decision 0015). */
export interface PlayCaches {
  sessions: PlaySessions;
  /**
   * Whether a campaign reaches a participant, with its contest mission (undefined: it does not), keyed
   * `${participantKey}:${campaignId}` (decision 0008 §11): a submit checks it, and with my place and totals from the
   * standings and the first page, a rank request then reads nothing. Fresh 9 s, refreshed in the background, never
   * answered older than 10 s; 10,000 participants × campaigns. A campaign that ends or stops reaching me shows within
   * that time (the engine's write still refuses a campaign that is no longer active).
   */
  reaches: Cache<string, ReachRow | undefined>;
}

export function createPlayCaches(): PlayCaches {
  return {
    sessions: createPlaySessions(),
    reaches: createCache<string, ReachRow | undefined>({ maxEntries: 10_000, freshMs: 9_000, ttlMs: 10_000 }),
  };
}
