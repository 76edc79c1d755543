import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { permissionsForRole, type TMemberRole, type TPermission } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { brands, members, sessions } from '../../db/schema/index.js';
import { forbidden, unauthenticated } from '../../lib/app-error.js';
import type { Auth } from './auth.js';

export interface RequestActor {
  userId: string;
  userName: string;
  email: string;
  sessionId: string;
  brandId: string;
  role: TMemberRole;
  permissions: TPermission[];
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

/**
 * Who is calling and for which brand. The brand is the session's active brand;
 * a session without one (first request after sign-in) falls back to the user's
 * oldest membership and records it.
 */
export async function resolveActor(auth: Auth, db: Db, request: FastifyRequest): Promise<RequestActor> {
  const session = await auth.api.getSession({ headers: headersOf(request) });
  if (!session) throw unauthenticated();
  const active = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const rows = await db
    .select({ brandId: members.organizationId, role: members.role })
    .from(members)
    .innerJoin(brands, eq(brands.id, members.organizationId))
    .where(
      active
        ? and(eq(members.userId, session.user.id), eq(members.organizationId, active))
        : eq(members.userId, session.user.id),
    )
    .orderBy(asc(members.createdAt))
    .limit(1);
  const membership = rows[0];
  if (!membership) throw forbidden('You are not a member of any brand');
  if (!active) {
    await db.update(sessions).set({ activeOrganizationId: membership.brandId }).where(eq(sessions.id, session.session.id));
  }
  const role = membership.role as TMemberRole;
  return {
    userId: session.user.id,
    userName: session.user.name,
    email: session.user.email,
    sessionId: session.session.id,
    brandId: membership.brandId,
    role,
    permissions: permissionsForRole(role),
  };
}

export function requirePermission(actor: RequestActor, permission: TPermission) {
  if (!actor.permissions.includes(permission)) {
    throw forbidden(`Your role does not allow ${permission}`);
  }
}
