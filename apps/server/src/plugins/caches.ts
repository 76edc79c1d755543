import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { createRevisionWatch, type RevisionWatch } from '../lib/revision-watch.js';
import type { Auth } from '../modules/auth/auth.js';
import { createSessionLookup, type SessionLookup } from '../modules/auth/session-lookup.js';
import { createFormDataCache, type FormDataCache } from '../modules/builder/form-data-cache.js';
import { createRenameMemo, type RenameMemo } from '../modules/campaign/rename-campaign.js';
import { createCampaignPageAnchors, type CampaignPageAnchors } from '../modules/campaign/campaign-page-anchors.js';
import { createStoreCaches, type StoreCaches } from '../modules/store/index.js';
import { createEngineCaches, type EngineCaches } from '../modules/engine/engine-caches.js';
import { createPlayCaches, type PlayCaches } from '../modules/play/play-caches.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST (or other method) that writes nothing: it does not make cached views wait for the next revision comparison. */
    readOnly?: boolean;
  }
  interface FastifyInstance {
    /** Every cache of this process that holds data, and the one way to tell them this process writes (decision 0015). */
    caches: Caches;
  }
}

/**
 * The app's caches, created once per app and passed explicitly (Fastify's `app.caches`, or an
 * argument where there is no request: the scheduler). What each holds, how it is keyed, how it is
 * invalidated and what a reader may see: decision 0015. In short, values tagged with revisions that
 * database triggers move (form-data, store figures) are checked by the revision watch; page anchors
 * are dropped when this process writes; the participant routes' and the engine's are short-lived
 * (1–60 s) and moved or dropped by this process's own writes. Each is bounded, least recently used
 * dropped first (`lib/cache.ts`, or `RevisionCache` weighing the store lists).
 */
export interface Caches {
  /** Compares held revisions with the database every 100 ms and knows when this process writes. */
  revisions: RevisionWatch;
  /** Verified sessions, keyed by the signed cookie, 5 s. */
  sessions: SessionLookup;
  /** The builder's serialised form-data per campaign revision and viewer. */
  formData: FormDataCache;
  /** Store lists, reach and status summary per brand and store revision. */
  store: StoreCaches;
  /** Sort keys of every 20th row of the campaign list. */
  campaignPages: CampaignPageAnchors;
  /** The last name save per campaign, for the next keystroke's one-statement save (checked by that statement). */
  renames: RenameMemo;
  /** Participant sessions and which campaigns reach a participant (the participant routes). */
  play: PlayCaches;
  /** The engine's: contest standings and first pages, a campaign mission's static parts, participant states, code cursors. */
  engine: EngineCaches;
  /**
   * The one invalidation: a write of this process outside a request (the write hook covers requests).
   * Until it is answered, revision-tagged values are re-checked with the database, and page anchors go when it is.
   */
  asWrite<T>(work: () => Promise<T>): Promise<T>;
}

export function createCaches(database: Database, auth: Auth, secret: string): Caches {
  const revisions = createRevisionWatch();
  return {
    revisions,
    sessions: createSessionLookup(database, auth, secret),
    formData: createFormDataCache({ db: database.db, revisions }),
    store: createStoreCaches(database.db, revisions),
    campaignPages: createCampaignPageAnchors(revisions),
    renames: createRenameMemo(),
    play: createPlayCaches(),
    engine: createEngineCaches(),
    asWrite: (work) => revisions.asWrite(work),
  };
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Decorates the app with its caches, runs the revision watch while the app does, and counts its write requests. */
export function registerCaches(app: FastifyInstance, caches: Caches) {
  app.decorate('caches', caches);
  const { revisions } = caches;
  app.addHook('onReady', async () => revisions.start());
  app.addHook('onClose', async () => revisions.stop());
  // Cached views are trusted only once a revision comparison started after this process's last write.
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    const writes = READ_ONLY_METHODS.has(request.method) ? config.stateChanging === true : config.readOnly !== true;
    if (writes) {
      revisions.writeStarted();
      reply.raw.once('close', () => revisions.writeAnswered());
    }
    done();
  });
}
