import { randomUUID } from 'node:crypto';
import type { ChangeFeed, Database } from '../../db/client.js';

/** Migration 0008: a campaign's id, at the commit of any change to it or to what its builder shows. */
export const CAMPAIGN_CHANGED = 'rally_campaign_changed';
/** This process's own markers, sent after each of its writes (see `current`). */
const FENCE = 'rally_fence';

export interface CampaignChanges {
  /**
   * True when a view cached in this process may be served without asking the database: the feed
   * is listening, no write request of this process is running, and every write it answered has had
   * its notifications delivered (its fence came back). Writes of other processes reach us when they
   * commit, a delivery that takes well under a millisecond; their versions still guard every save.
   */
  readonly current: boolean;
  /** Called with a campaign's id when its cached views are stale, or with null when all are. */
  subscribe(listener: (campaignId: number | null) => void): void;
  /** A request that may write has started; answered() when its response is out. */
  writeStarted(): void;
  writeAnswered(): void;
  start(): void;
  stop(): Promise<void>;
}

/** Campaign change notifications for this process's caches, with the bookkeeping that makes serving them safe. */
export function createCampaignChanges(database: Database): CampaignChanges {
  const listeners: ((campaignId: number | null) => void)[] = [];
  const self = randomUUID();
  let feed: ChangeFeed | undefined;
  let listening = false;
  let runningWrites = 0;
  let unconfirmedWrites = 0;

  const invalidate = (campaignId: number | null) => {
    for (const listener of listeners) listener(campaignId);
  };
  const lose = () => {
    listening = false;
    unconfirmedWrites = 0;
    invalidate(null);
  };

  return {
    get current() {
      return listening && runningWrites === 0 && unconfirmedWrites === 0;
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    writeStarted() {
      runningWrites += 1;
    },
    writeAnswered() {
      runningWrites -= 1;
      if (!listening || !feed) return;
      unconfirmedWrites += 1;
      feed.notify(FENCE, self).catch(lose);
    },
    start() {
      feed ??= database.listen([CAMPAIGN_CHANGED, FENCE], {
        onNotify(channel, payload) {
          if (channel === FENCE) {
            if (payload === self && unconfirmedWrites > 0) unconfirmedWrites -= 1;
            return;
          }
          const id = Number(payload);
          invalidate(Number.isSafeInteger(id) ? id : null);
        },
        onReady() {
          // Whatever changed while nobody listened is unknown: start from nothing cached.
          invalidate(null);
          listening = true;
        },
        onLost: lose,
      });
    },
    async stop() {
      listening = false;
      await feed?.close();
      feed = undefined;
    },
  };
}
