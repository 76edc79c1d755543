import type { Db } from '../../db/client.js';
import type { AccountLinks, AccountMailer } from './account-mail.js';

/** What the account use cases need, built once in account.routes.ts. */
export interface AccountDeps {
  db: Db;
  mail: AccountMailer;
  links: AccountLinks;
  /** SIGN_UP: whether anyone may sign up, or accounts come only with an invitation. */
  signUp: 'open' | 'invite-only';
  /** Forgets the user's cached sessions in this process at once (revoked, password or address changed). */
  evictUser(userId: string): void;
}
