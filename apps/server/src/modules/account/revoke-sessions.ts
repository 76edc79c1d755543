import type { TRevokedSessions } from '@rally/domain';
import { invalid, notFound } from '../../lib/app-error.js';
import type { RequestUser } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { deleteSession, deleteSessionsOf } from './account.repository.js';

/** Ends one of my other sessions (another person's: 404, like one that does not exist). This one: sign out instead. */
export async function revokeSession(deps: AccountDeps, user: RequestUser, sessionId: string): Promise<TRevokedSessions> {
  if (sessionId === user.sessionId) throw invalid([{ path: 'id', message: 'this is the session in use: sign out instead' }]);
  if (!(await deleteSession(deps.db, user.userId, sessionId))) throw notFound('Session');
  deps.evictUser(user.userId);
  return { revoked: 1 };
}

/** "Sign out everywhere else": every session of mine but this one ends. */
export async function revokeOtherSessions(deps: AccountDeps, user: RequestUser): Promise<TRevokedSessions> {
  const revoked = await deleteSessionsOf(deps.db, user.userId, user.sessionId);
  deps.evictUser(user.userId);
  return { revoked };
}
