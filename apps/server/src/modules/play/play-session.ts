import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLAY_SESSION_COOKIE, type TParticipant } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { unauthenticated } from '../../lib/app-error.js';
import { createCache, type Cache } from '../../lib/cache.js';
import { cookieValue } from '../auth/index.js';
import type { ParticipantRef } from '../engine/index.js';
import { deletePlaySessionRow, findParticipantRow, findSessionParticipantRow, insertPlaySession, type ParticipantRow } from './play.repository.js';

/** Participant sessions last 30 days. */
export const PLAY_SESSION_SECONDS = 60 * 60 * 24 * 30;

export interface PlayActor extends ParticipantRef {
  participant: TParticipant;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createPlaySession(
  db: DbOrTx,
  p: { kind: 'store_user' | 'consumer'; id: number; brandId: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertPlaySession(db, { tokenHash: hashToken(token), participant: p, ttlSeconds: PLAY_SESSION_SECONDS });
  return token;
}

export async function deletePlaySession(db: DbOrTx, token: string): Promise<void> {
  await deletePlaySessionRow(db, hashToken(token));
}

/**
 * `framed`: a sign-in from the embeddable public page (/campaign/{uid}/embed) inside another site's frame. There a
 * SameSite=Lax cookie is never sent back (the frame is a third-party context), so that session's cookie is
 * SameSite=None; Secure; Partitioned (CHIPS): sent only to this origin and only under the same top-level site, so
 * it is no cross-site tracking cookie; browsers accept Secure from http://localhost too. The CSRF guard still checks
 * Origin on every write. Everywhere else the cookie stays SameSite=Lax (docs/decisions/0012-public-page-and-embed.md).
 */
export function setPlayCookie(reply: FastifyReply, token: string, secure: boolean, framed = false) {
  const site = framed ? 'SameSite=None; Secure; Partitioned' : `SameSite=Lax${secure ? '; Secure' : ''}`;
  reply.header(
    'set-cookie',
    `${PLAY_SESSION_COOKIE}=${token}; Path=/api/play; HttpOnly; ${site}; Max-Age=${PLAY_SESSION_SECONDS}`,
  );
}

export function clearPlayCookie(reply: FastifyReply, secure: boolean) {
  reply.header(
    'set-cookie',
    `${PLAY_SESSION_COOKIE}=; Path=/api/play; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`,
  );
}

export const playTokenOf = (request: FastifyRequest) => cookieValue(request.headers.cookie, PLAY_SESSION_COOKIE);

/** Loads a participant (store user or consumer) with brand and store, for the session answer. */
export async function loadParticipant(
  db: DbOrTx,
  kind: 'store_user' | 'consumer',
  id: number,
): Promise<PlayActor | null> {
  const row = await findParticipantRow(db, kind, id);
  return row ? toActor(row) : null;
}

function toActor(row: ParticipantRow): PlayActor {
  return {
    kind: row.kind,
    id: row.id,
    brandId: row.brand_id,
    storeId: row.store_id,
    participant: {
      kind: row.kind,
      id: row.id,
      name: row.name,
      email: row.email ?? '',
      brandId: row.brand_id,
      brandName: row.brand_name,
      brandCurrency: row.brand_currency,
      storeId: row.store_id,
      storeName: row.store_name,
      countryCode: row.country_code,
      language: row.language,
      timeZone: row.time_zone,
    },
  };
}

/**
 * Participant sessions held per app (`app.caches.play.sessions`, decision 0015), keyed by the token's hash: read at
 * most every 5 s, refreshed in the background while in use (decision 0008 §14), 10,000 sessions. A session signed
 * out in another process stops working here within 5 s, as before; in this one at once (forgetPlaySession).
 */
export type PlaySessions = Cache<string, PlayActor>;

export const createPlaySessions = (): PlaySessions => createCache<string, PlayActor>({ maxEntries: 10_000, freshMs: 4_000, ttlMs: 5_000 });

/** The participant of the request's play cookie, or 401. A dashboard session is no participant session. */
export async function resolvePlayActor(db: Db, sessions: PlaySessions, request: FastifyRequest): Promise<PlayActor> {
  const token = playTokenOf(request);
  if (!token || token.length > 100) throw unauthenticated();
  // A missing session or participant fails the read, and a failed read is not kept.
  const key = hashToken(token);
  return sessions.load(key, async () => {
    const row = await findSessionParticipantRow(db, key);
    if (!row) throw unauthenticated();
    return toActor(row);
  });
}

export function forgetPlaySession(sessions: PlaySessions, token: string) {
  sessions.delete(hashToken(token));
}
