import { randomUUID } from 'node:crypto';
import type { ChangeFeed, Database } from '../../db/client.js';

/** Migration 0008: a campaign's id, at the commit of any change to it or to what its builder shows. */
export const CAMPAIGN_CHANGED = 'rally_campaign_changed';
/** This process's own markers, sent after each of its writes (see `current`). */
const FENCE = 'rally_fence';

export interface CampaignChanges {
  /**
   * True when a view cached in this process may be served without asking the database: the feed
   * is listening, no write request of this process is running, and a fence sent after the last write
   * it answered has come back — so that write's notifications have been delivered. When only the
   * fence is missing, asking sends one (one at a time, covering every write answered so far), so
   * writes alone never pay for it. Writes of other processes reach us when they commit, a delivery
   * that takes well under a millisecond; their versions still guard every save.
   */
  isCurrent(): boolean;
  /** Called with a campaign's id when its cached views are stale, or with null when all are. */
  subscribe(listener: (campaignId: number | null) => void): void;
  /** A request that may write has started; writeAnswered() when its response is out. */
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
  // Write requests answered, and how many of them a returned fence covers.
  let answered = 0;
  let confirmed = 0;
  let fenceSent = false;

  const invalidate = (campaignId: number | null) => {
    for (const listener of listeners) listener(campaignId);
  };
  const lose = () => {
    listening = false;
    fenceSent = false;
    confirmed = answered;
    invalidate(null);
  };
  const sendFence = () => {
    if (!feed || fenceSent) return;
    fenceSent = true;
    feed.notify(FENCE, `${self}:${answered}`).catch(lose);
  };

  return {
    isCurrent() {
      if (!listening || runningWrites > 0) return false;
      if (confirmed === answered) return true;
      sendFence();
      return false;
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    writeStarted() {
      runningWrites += 1;
    },
    writeAnswered() {
      runningWrites -= 1;
      answered += 1;
    },
    start() {
      feed ??= database.listen([CAMPAIGN_CHANGED, FENCE], {
        onNotify(channel, payload) {
          if (channel === FENCE) {
            const [from, covered] = payload.split(':');
            if (from !== self) return;
            fenceSent = false;
            confirmed = Math.max(confirmed, Number(covered));
            return;
          }
          const id = Number(payload);
          invalidate(Number.isSafeInteger(id) ? id : null);
        },
        onReady() {
          // Whatever changed while nobody listened is unknown: start from nothing cached.
          invalidate(null);
          confirmed = answered;
          fenceSent = false;
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
