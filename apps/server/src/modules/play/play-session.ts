import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { PLAY_SESSION_COOKIE, type TParticipant } from '@rally/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { unauthenticated } from '../../lib/app-error.js';
import { cookieValue } from '../auth/index.js';
import type { ParticipantRef } from '../engine/index.js';

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
  await db.execute(sql`insert into play_sessions (token_hash, brand_id, store_user_id, consumer_id, expires_at)
    values (${hashToken(token)}, ${p.brandId}, ${p.kind === 'store_user' ? p.id : null}, ${p.kind === 'consumer' ? p.id : null},
            now() + make_interval(secs => ${PLAY_SESSION_SECONDS}))`);
  return token;
}

export async function deletePlaySession(db: DbOrTx, token: string): Promise<void> {
  await db.execute(sql`delete from play_sessions where token_hash = ${hashToken(token)}`);
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

interface Row {
  kind: 'store_user' | 'consumer';
  id: number;
  name: string;
  email: string | null;
  brand_id: string;
  brand_name: string;
  brand_currency: string;
  store_id: number | null;
  store_name: string | null;
  country_code: string | null;
}

/** Loads a participant (store user or consumer) with brand and store, for the session answer. */
export async function loadParticipant(
  db: DbOrTx,
  kind: 'store_user' | 'consumer',
  id: number,
): Promise<PlayActor | null> {
  const res =
    kind === 'store_user'
      ? await db.execute(sql`select 'store_user' as kind, u.id, u.name, u.email, u.brand_id, b.name as brand_name, b.currency as brand_currency,
            s.id as store_id, s.name as store_name, s.country_code
          from store_users u join brands b on b.id = u.brand_id join stores s on s.id = u.store_id where u.id = ${id}`)
      : await db.execute(sql`select 'consumer' as kind, c.id, c.name, c.email, c.brand_id, b.name as brand_name, b.currency as brand_currency,
            null::int as store_id, null::text as store_name, c.country_code
          from consumers c join brands b on b.id = c.brand_id where c.id = ${id}`);
  const row = (res as unknown as { rows: Row[] }).rows[0];
  return row ? toActor(row) : null;
}

function toActor(row: Row): PlayActor {
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
    },
  };
}

const CACHE_TTL_MS = 5_000;
const cache = new Map<string, { actor: PlayActor; until: number }>();

/** The participant of the request's play cookie, or 401. A dashboard session is no participant session. */
export async function resolvePlayActor(db: Db, request: FastifyRequest): Promise<PlayActor> {
  const token = playTokenOf(request);
  if (!token || token.length > 100) throw unauthenticated();
  const key = hashToken(token);
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.actor;
  const res = await db.execute(
    sql`select store_user_id, consumer_id from play_sessions where token_hash = ${key} and expires_at > now()`,
  );
  const s = (res as unknown as { rows: { store_user_id: number | null; consumer_id: number | null }[] }).rows[0];
  if (!s) throw unauthenticated();
  const actor =
    s.store_user_id !== null
      ? await loadParticipant(db, 'store_user', s.store_user_id)
      : await loadParticipant(db, 'consumer', s.consumer_id!);
  if (!actor) throw unauthenticated();
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { actor, until: Date.now() + CACHE_TTL_MS });
  return actor;
}

export function forgetPlaySession(token: string) {
  cache.delete(hashToken(token));
}
