import type { TSignInOptions } from '@rally/domain';
import type { AccountDeps } from './account-deps.js';
import { findAccountByEmail } from './account.repository.js';

/**
 * What the sign-in page offers: the sign-up link only when sign-up is open, and the demo accounts only where the
 * demo data set was seeded — a real deployment never shows demo addresses and their password.
 */
export async function getSignInOptions(deps: AccountDeps, demoAccountEmail: string | undefined): Promise<TSignInOptions> {
  const demo = demoAccountEmail === undefined ? null : await findAccountByEmail(deps.db, demoAccountEmail);
  return { signUp: deps.signUp, demoAccounts: demo !== null };
}
