import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AccountTokenPurpose } from '../../db/schema/index.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  locale: string | null;
  /** The argon2 hash of the email-and-password sign-in; null for an account without one (SSO only). */
  passwordHash: string | null;
}

type RawAccount = { id: string; name: string; email: string; email_verified: boolean; locale: string | null; password: string | null };
const toAccount = (r: RawAccount): AccountRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  emailVerified: r.email_verified,
  locale: r.locale,
  passwordHash: r.password,
});

const selectAccount = sql`select u.id, u.name, u.email, u.email_verified, u.locale, a.password
  from users u left join accounts a on a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id`;

/** Addresses are stored as accounts key them (lower case, trimmed: ZAccountEmail), so equality finds them. */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = rowsOf<RawAccount>(await db.execute(sql`${selectAccount} where u.email = ${email} limit 1`));
  return row ? toAccount(row) : null;
}

export async function findAccountById(db: DbOrTx, userId: string): Promise<AccountRow | null> {
  const [row] = rowsOf<RawAccount>(await db.execute(sql`${selectAccount} where u.id = ${userId} limit 1`));
  return row ? toAccount(row) : null;
}

/**
 * A new account whose address is not verified yet, with its email-and-password sign-in as better-auth stores one.
 * Null when the address has an account already (another sign-up may have taken it a moment ago).
 */
export async function insertUnverifiedAccount(
  tx: DbOrTx,
  input: { name: string; email: string; locale: string | null; passwordHash: string },
): Promise<string | null> {
  const id = randomUUID();
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into users (id, name, email, email_verified, locale)
      values (${id}, ${input.name}, ${input.email}, false, ${input.locale})
      on conflict (email) do nothing returning id`),
  );
  if (inserted.length === 0) return null;
  await tx.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password)
    values (${randomUUID()}, ${id}, 'credential', ${id}, ${input.passwordHash})`);
  return id;
}

/** Keeps one live link per purpose and account: the new one replaces those not used yet. */
export async function insertToken(
  tx: DbOrTx,
  input: { purpose: AccountTokenPurpose; tokenHash: string; userId: string; email: string; lifetimeSeconds: number },
): Promise<void> {
  await tx.execute(sql`delete from account_tokens where user_id = ${input.userId} and purpose = ${input.purpose} and used_at is null`);
  await tx.execute(sql`insert into account_tokens (id, purpose, token_hash, user_id, email, expires_at)
    values (${randomUUID()}, ${input.purpose}, ${input.tokenHash}, ${input.userId}, ${input.email},
            now() + make_interval(secs => ${input.lifetimeSeconds}::float8))`);
}

/**
 * The same statements as insertToken for an address without an account, matching nothing: the answer then takes the
 * time a real link takes, so timing does not tell which addresses have an account.
 */
export async function insertNoToken(tx: DbOrTx, purpose: AccountTokenPurpose): Promise<void> {
  await tx.execute(sql`delete from account_tokens where user_id = '' and purpose = ${purpose} and used_at is null`);
  await tx.execute(sql`select 1 from account_tokens where token_hash = ''`);
}

/**
 * Uses a link once: marks it used if it is of this purpose, unused and not expired, in one statement (two requests
 * with the same link: one gets it). Who it was for, or null.
 */
export async function consumeToken(
  tx: DbOrTx,
  purpose: AccountTokenPurpose,
  tokenHash: string,
): Promise<{ userId: string; email: string } | null> {
  const [row] = rowsOf<{ user_id: string; email: string }>(
    await tx.execute(sql`update account_tokens set used_at = now()
      where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > now()
      returning user_id, email`),
  );
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** Whether a link of this purpose is unused and not expired (a cheap look before costly work; consumeToken decides). */
export async function isLiveToken(db: DbOrTx, purpose: AccountTokenPurpose, tokenHash: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from account_tokens
      where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > now()`),
  );
  return rows.length > 0;
}

/** Drops the account's unused links of a purpose (a password set makes older reset links void). */
export async function deleteUnusedTokens(tx: DbOrTx, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await tx.execute(sql`delete from account_tokens where user_id = ${userId} and purpose = ${purpose} and used_at is null`);
}

/** The address an email change waits on (its link unused and not expired), or null. */
export async function pendingEmailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ email: string }>(
    await db.execute(sql`select email from account_tokens
      where user_id = ${userId} and purpose = 'change-email' and used_at is null and expires_at > now()
      order by created_at desc limit 1`),
  );
  return row?.email ?? null;
}

/** Marks the address verified, if it is still the account's (a link to an address changed since verifies nothing). */
export async function markEmailVerified(tx: DbOrTx, userId: string, email: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`update users set email_verified = true, updated_at = now()
      where id = ${userId} and email = ${email} returning id`),
  );
  return rows.length > 0;
}

/** Sets the email-and-password sign-in's hash, adding that sign-in to an account without one (SSO only). */
export async function setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  const updated = rowsOf<{ id: string }>(
    await tx.execute(sql`update accounts set password = ${passwordHash}, updated_at = now()
      where user_id = ${userId} and provider_id = 'credential' and account_id = ${userId} returning id`),
  );
  if (updated.length > 0) return;
  await tx.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password)
    values (${randomUUID()}, ${userId}, 'credential', ${userId}, ${passwordHash})`);
}

/**
 * Moves the account to a new, verified address. False when another account has that address (taken since the
 * link was mailed): the unique index decides, so two moves to one address cannot both succeed.
 */
export async function moveToEmail(tx: DbOrTx, userId: string, email: string): Promise<boolean> {
  await tx.execute(sql`savepoint move_email`);
  try {
    await tx.execute(sql`update users set email = ${email}, email_verified = true, updated_at = now() where id = ${userId}`);
    await tx.execute(sql`release savepoint move_email`);
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await tx.execute(sql`rollback to savepoint move_email`);
    return false;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function updateName(db: DbOrTx, userId: string, name: string): Promise<void> {
  await db.execute(sql`update users set name = ${name}, updated_at = now() where id = ${userId}`);
}

export async function profileOf(db: DbOrTx, userId: string): Promise<{ id: string; name: string; email: string; createdAt: Date } | null> {
  const [row] = rowsOf<{ id: string; name: string; email: string; created_at: Date | string }>(
    await db.execute(sql`select id, name, email, created_at from users where id = ${userId}`),
  );
  return row ? { id: row.id, name: row.name, email: row.email, createdAt: new Date(row.created_at) } : null;
}

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

/** The account's sessions that still work, the most recently used first. */
export async function liveSessionsOf(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  const rows = rowsOf<{ id: string; user_agent: string | null; ip_address: string | null; created_at: Date | string; updated_at: Date | string; expires_at: Date | string }>(
    await db.execute(sql`select id, user_agent, ip_address, created_at, updated_at, expires_at from sessions
      where user_id = ${userId} and expires_at > now() order by updated_at desc, created_at desc, id`),
  );
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.user_agent,
    ipAddress: r.ip_address,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    expiresAt: new Date(r.expires_at),
  }));
}

/** Ends one of the account's sessions; whether there was one with that id. */
export async function deleteSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`delete from sessions where user_id = ${userId} and id = ${sessionId} returning id`));
  return rows.length > 0;
}

/** Ends every session of the account but `keep` (null: all of them); how many ended. */
export async function deleteSessionsOf(db: DbOrTx, userId: string, keep: string | null): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      keep === null
        ? sql`delete from sessions where user_id = ${userId} returning id`
        : sql`delete from sessions where user_id = ${userId} and id <> ${keep} returning id`,
    ),
  );
  return rows.length;
}
