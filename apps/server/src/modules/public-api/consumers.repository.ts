import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TV1Consumer } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { consumers, playSessions } from '../../db/schema/index.js';

export type ConsumerRow = typeof consumers.$inferSelect;

export const toV1Consumer = (c: ConsumerRow): TV1Consumer => ({
  id: c.id,
  externalRef: c.externalRef,
  email: c.email,
  name: c.name,
  countryCode: c.countryCode,
  locale: c.locale,
  active: c.deactivatedAt === null,
  createdAt: Math.floor(c.createdAt.getTime() / 1000),
});

/**
 * The brand's consumers this reference or this address names (an account deleted by its owner — decision 0027 — has
 * neither any more), locked until the transaction ends.
 */
export async function lockConsumersOf(db: DbOrTx, brandId: string, match: { externalRef?: string | undefined; email: string }): Promise<ConsumerRow[]> {
  const byRef = match.externalRef === undefined ? sql`false` : sql`${consumers.externalRef} = ${match.externalRef}`;
  return db
    .select()
    .from(consumers)
    .where(and(eq(consumers.brandId, brandId), isNull(consumers.deletedAt), sql`(${byRef} or ${consumers.email} = ${match.email})`))
    .orderBy(consumers.id)
    .for('update');
}

/** A new consumer, or nothing when a concurrent request inserted the same address or reference first. */
export async function insertConsumer(
  db: DbOrTx,
  values: { brandId: string; externalRef: string | null; email: string; name: string; countryCode: string; locale: ConsumerRow['locale'] },
): Promise<ConsumerRow | undefined> {
  const [row] = await db.insert(consumers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateConsumer(db: DbOrTx, brandId: string, id: number, set: Partial<Omit<ConsumerRow, 'id' | 'brandId'>>): Promise<ConsumerRow> {
  const [row] = await db.update(consumers).set(set).where(and(eq(consumers.brandId, brandId), eq(consumers.id, id))).returning();
  return row!;
}

export async function lockConsumer(db: DbOrTx, brandId: string, id: number): Promise<ConsumerRow | undefined> {
  const [row] = await db.select().from(consumers).where(and(eq(consumers.brandId, brandId), eq(consumers.id, id))).for('update');
  return row;
}

/** Signs the consumer out of /play everywhere. */
export async function deleteConsumerSessions(db: DbOrTx, consumerId: number): Promise<void> {
  await db.delete(playSessions).where(eq(playSessions.consumerId, consumerId));
}
