import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Grants or revokes the operator role of an existing account (the command line's work: `npm run operator -- grant
 * <email>`). Answers the account's id, or null when no account has that email (sign up first).
 */
export async function setOperator(db: DbOrTx, email: string, grant: boolean): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ isOperator: grant })
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** The accounts granted in the database (OPERATOR_EMAILS adds others at run time). */
export async function listOperators(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isOperator, true)).orderBy(users.email);
  return rows.map((r) => r.email);
}
