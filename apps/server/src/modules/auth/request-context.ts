import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, permissionsForRole, type TMemberRole, type TPermission } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { appError, forbidden, unauthenticated } from '../../lib/app-error.js';
import { SESSION_POLICY, type Auth } from './auth.js';
import type { SessionFacts, SessionLookup } from './session-lookup.js';

export interface RequestActor {
  userId: string;
  userName: string;
  email: string;
  sessionId: string;
  brandId: string;
  role: TMemberRole;
  permissions: TPermission[];
  /** Set when a brand's API key calls (the public API, modules/api-keys): changes are logged under the key's name. */
  apiKey?: { id: string; name: string };
}

export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

/** Who is signed in, brand or none: for the calls a person makes before joining a brand (account, new brand, invitations). */
export interface RequestUser {
  userId: string;
  userName: string;
  email: string;
  sessionId: string;
}

/** The signed-in user, with or without a brand (401 when signed out). */
export async function resolveUser(auth: Auth, lookup: SessionLookup, request: FastifyRequest): Promise<RequestUser> {
  let facts = await lookup.find(request);
  if (facts && facts.expiresAt.getTime() - Date.now() < (SESSION_POLICY.expiresIn - SESSION_POLICY.updateAge) * 1000) {
    await auth.api.getSession({ headers: headersOf(request) });
    lookup.evict(request);
    facts = await lookup.find(request);
  }
  if (!facts) throw unauthenticated();
  return { userId: facts.userId, userName: facts.userName, email: facts.email, sessionId: facts.sessionId };
}

/**
 * Who is calling and for which brand. The brand is the session's active brand;
 * a session without one (first request after sign-in) falls back to the user's
 * oldest membership and records it.
 */
export async function resolveActor(auth: Auth, db: Db, lookup: SessionLookup, request: FastifyRequest): Promise<RequestActor> {
  let facts = await lookup.find(request);
  if (facts && facts.expiresAt.getTime() - Date.now() < (SESSION_POLICY.expiresIn - SESSION_POLICY.updateAge) * 1000) {
    // Due for extension: let better-auth do it (rare: once a day per session).
    await auth.api.getSession({ headers: headersOf(request) });
    lookup.evict(request);
    facts = await lookup.find(request);
  }
  if (!facts) throw unauthenticated();
  // A code of its own: the dashboard sends such a person to create a brand (or accept an invitation), not to an error.
  if (!facts.brandId || !facts.role) throw appError(ERROR_CODES.noBrand, 'You are not a member of any brand');
  // The one place a suspended brand is closed: every brand route resolves its actor here (issue 28, operator).
  if (facts.brandStatus === 'suspended') throw appError(ERROR_CODES.brandSuspended, 'This brand is suspended by the Rally operator; contact support');
  // The brand requires two-factor (issue 28): its routes wait until this member turns it on; the account routes
  // (app.user) stay open so they can. Members who sign in through the brand's SSO are checked by their provider.
  if (facts.twoFactorMissing) throw appError(ERROR_CODES.twoFactorRequired, 'This brand requires two-factor authentication; turn it on in your account');
  if (facts.activeBrandId !== facts.brandId) {
    await db.update(sessions).set({ activeOrganizationId: facts.brandId }).where(eq(sessions.id, facts.sessionId));
    lookup.evict(request);
  }
  return actorFor(facts, facts.brandId, facts.role as TMemberRole);
}

// A cached session answers many requests with the same facts object; its actor is built once.
const actors = new WeakMap<SessionFacts, RequestActor>();

function actorFor(facts: SessionFacts, brandId: string, role: TMemberRole): RequestActor {
  let actor = actors.get(facts);
  if (!actor) {
    actor = Object.freeze({
      userId: facts.userId,
      userName: facts.userName,
      email: facts.email,
      sessionId: facts.sessionId,
      brandId,
      role,
      permissions: permissionsForRole(role),
    });
    actors.set(facts, actor);
  }
  return actor;
}

export function requirePermission(actor: RequestActor, permission: TPermission) {
  if (!actor.permissions.includes(permission)) {
    throw forbidden(`Your role does not allow ${permission}`);
  }
}
