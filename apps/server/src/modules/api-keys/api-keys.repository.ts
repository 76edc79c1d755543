import { and, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, brands, users } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { createdByName: string | null };

export async function insertApiKey(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [saved] = await db.insert(apiKeys).values(row).returning();
  return saved!;
}

export async function listApiKeyRows(db: DbOrTx, brandId: string): Promise<ApiKeyListRow[]> {
  return db
    .select({ ...getTableColumns(apiKeys), createdByName: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.brandId, brandId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** One key of the brand, locked for a revoke or a rotation. */
export async function findApiKeyForUpdate(db: DbOrTx, brandId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.brandId, brandId), eq(apiKeys.id, id))).for('update');
  return row;
}

export async function countActiveApiKeys(db: DbOrTx, brandId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.brandId, brandId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > now()`)));
  return row?.n ?? 0;
}

export async function revokeApiKeyRow(db: DbOrTx, id: string, replacedBy: string | null): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: new Date(), replacedBy }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

/** What authenticating a key needs: the key and its brand's status, by the key's public id. */
export async function findKeyForAuth(db: DbOrTx, id: string): Promise<(ApiKeyRow & { brandStatus: string }) | undefined> {
  const [row] = await db
    .select({ key: apiKeys, brandStatus: brands.status })
    .from(apiKeys)
    .innerJoin(brands, eq(brands.id, apiKeys.brandId))
    .where(eq(apiKeys.id, id));
  return row && { ...row.key, brandStatus: row.brandStatus };
}

/** Last use, moved at most once a minute per key so that a busy key does not write its row on every call. */
export async function touchApiKey(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '60 seconds'`))));
}
