import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { forbidden } from '../../lib/app-error.js';
import type { RequestUser } from '../auth/index.js';

/** A platform operator acting: the signed-in person the operator routes let through. */
export interface OperatorActor {
  userId: string;
  name: string;
}

/**
 * Whether a user is a platform operator: granted in the database by the command line (`npm run operator -- grant`),
 * or named in OPERATOR_EMAILS — then only once the address is verified, so signing up with a listed address proves
 * it first. Nothing a user can send sets either.
 */
export async function isOperator(db: DbOrTx, userId: string, operatorEmails: readonly string[]): Promise<boolean> {
  const [row] = await db.select({ flag: users.isOperator, email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!row) return false;
  return row.flag || (row.verified && operatorEmails.includes(row.email.toLowerCase()));
}

/** The operator behind a request, or 403 for everyone else — brand owners included. */
export async function requireOperator(db: DbOrTx, user: RequestUser, operatorEmails: readonly string[]): Promise<OperatorActor> {
  if (!(await isOperator(db, user.userId, operatorEmails))) throw forbidden('Only a Rally platform operator may do this');
  return { userId: user.userId, name: user.userName };
}
