import type { TAccountProfile } from '@rally/domain';
import type { RequestUser } from '../auth/index.js';
import type { AccountDeps } from './account-deps.js';
import { updateName } from './account.repository.js';
import { getProfile } from './get-profile.js';

/** Renames the signed-in person (the name shown to teammates and in mails). */
export async function updateProfile(deps: AccountDeps, user: RequestUser, name: string): Promise<TAccountProfile> {
  await updateName(deps.db, user.userId, name);
  deps.evictUser(user.userId);
  return getProfile(deps, user);
}
