import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { getCookies, SECURE_COOKIE_PREFIX, stripSecureCookiePrefix } from 'better-auth/cookies';
import type { Database } from '../../db/client.js';
import { createCache } from '../../lib/cache.js';
import type { Auth } from './auth.js';

export interface SessionFacts {
  sessionId: string;
  userId: string;
  userName: string;
  email: string;
  expiresAt: Date;
  /** The brand in use: the session's active brand, else the user's oldest membership. */
  brandId: string | null;
  role: string | null;
  activeBrandId: string | null;
  /** The brand's status: an operator may suspend it (issue 28). */
  brandStatus: string | null;
  /** The brand requires two-factor of members who sign in with a password, and this one has none (issue 28). */
  twoFactorMissing: boolean;
}


/**
 * Reads better-auth's signed session cookie (its name from better-auth's own configuration; either
 * the plain or the __Secure- form is read, as before) and loads session, user and
 * membership in one indexed query. better-auth's own getSession does the same
 * in several statements and much more work per call; on the hot path of every
 * API request that difference is most of the latency budget. A short cache
 * (5 s, evicted on sign-out and brand switch in this process) bounds how long
 * another process may still honour a revoked session.
 */
export function createSessionLookup(database: Database, auth: Auth, secret: string) {
  const cookieName = stripSecureCookiePrefix(getCookies(auth.options).sessionToken.name);
  const secureCookieName = `${SECURE_COOKIE_PREFIX}${cookieName}`;
  // 5 s, 10,000 sessions, the least recently used dropped first.
  const cache = createCache<string, SessionFacts>({ maxEntries: 10_000, ttlMs: 5_000 });

  /** The signed cookie as sent (token.signature): what the cache is keyed by, so a hit skips the HMAC. */
  function signedCookieOf(request: FastifyRequest): string | undefined {
    return cookieValue(request.headers.cookie, secureCookieName) ?? cookieValue(request.headers.cookie, cookieName);
  }

  // better-call's signed-cookie scheme (HMAC-SHA256 of the token, base64), checked synchronously
  // here because it runs on the request path; only a cache miss pays it (decision 0006 §6).
  function verify(raw: string): string | null {
    const dot = raw.lastIndexOf('.');
    if (dot < 1) return null;
    const token = raw.slice(0, dot);
    const given = Buffer.from(raw.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return token;
  }

  async function load(token: string): Promise<SessionFacts | null> {
    const rows = await database.rows<{
      session_id: string;
      user_id: string;
      name: string;
      email: string;
      expires_at: Date | string;
      active_organization_id: string | null;
      brand_id: string | null;
      role: string | null;
      brand_status: string | null;
      two_factor_missing: boolean;
    }>(sql`
      select s.id as session_id, s.user_id, u.name, u.email, s.expires_at, s.active_organization_id,
             m.organization_id as brand_id, m.role, b.status as brand_status,
             (coalesce(b.require_two_factor, false) and not u.two_factor_enabled
               and exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')) as two_factor_missing
      from sessions s
      join users u on u.id = s.user_id
      left join lateral (
        select organization_id, role from members
        where user_id = s.user_id
        order by (organization_id = s.active_organization_id) desc nulls last, created_at asc
        limit 1
      ) m on true
      left join brands b on b.id = m.organization_id
      where s.token = ${token} and s.expires_at > now()`);
    const r = rows[0];
    if (!r) return null;
    return {
      sessionId: r.session_id,
      userId: r.user_id,
      userName: r.name,
      email: r.email,
      expiresAt: new Date(r.expires_at),
      brandId: r.brand_id,
      role: r.role,
      activeBrandId: r.active_organization_id,
      brandStatus: r.brand_status,
      twoFactorMissing: r.two_factor_missing === true,
    };
  }

  return {
    async find(request: FastifyRequest): Promise<SessionFacts | null> {
      const raw = signedCookieOf(request);
      if (!raw) return null;
      const now = Date.now();
      // Only a cookie whose signature was verified is ever cached, under its exact bytes.
      const hit = cache.get(raw);
      if (hit && hit.expiresAt.getTime() > now) return hit;
      const token = verify(raw);
      if (!token) return null;
      const facts = await load(token);
      if (!facts) {
        cache.delete(raw);
        return null;
      }
      cache.set(raw, facts);
      return facts;
    },
    /** Forget a session here at once (sign-out, brand switch). */
    evict(request: FastifyRequest) {
      const raw = signedCookieOf(request);
      if (raw) cache.delete(raw);
    },
    /**
     * Forget a user's sessions here at once (sessions revoked, password or address changed); other processes
     * reload theirs within the cache's 5 s.
     */
    evictUser(userId: string) {
      for (const [raw, facts] of [...cache.entries()]) if (facts.userId === userId) cache.delete(raw);
    },
    /** Forget every session here at once: an operator suspended or restored a brand (rare; others reload in 5 s). */
    evictAll() {
      cache.clear();
    },
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

/**
 * One cookie's (URL-decoded) value from a Cookie header. Only the session cookie is
 * ever read, so this replaces a cookie plugin whose hooks ran on every response.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
