import type { TAccountSessions } from '@rally/domain';
import type { RequestUser } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { liveSessionsOf } from './account.repository.js';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The signed-in person's sessions that still work, the one of this request marked. */
export async function listSessions(deps: AccountDeps, user: RequestUser): Promise<TAccountSessions> {
  const rows = await liveSessionsOf(deps.db, user.userId);
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
      createdAt: seconds(s.createdAt),
      lastActiveAt: seconds(s.updatedAt),
      expiresAt: seconds(s.expiresAt),
      current: s.id === user.sessionId,
    })),
  };
}
