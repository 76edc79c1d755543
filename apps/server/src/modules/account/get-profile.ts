import type { TAccountProfile } from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import type { RequestUser } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { pendingEmailOf, profileOf } from './account.repository.js';

export async function getProfile(deps: AccountDeps, user: RequestUser): Promise<TAccountProfile> {
  const [profile, pendingEmail] = await Promise.all([profileOf(deps.db, user.userId), pendingEmailOf(deps.db, user.userId)]);
  if (!profile) throw notFound('Account');
  return { id: profile.id, name: profile.name, email: profile.email, pendingEmail, createdAt: Math.floor(profile.createdAt.getTime() / 1000) };
}
