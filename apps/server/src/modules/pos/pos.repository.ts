import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPosStoreInput } from '@rally/domain';
import type { DbOrTx } from '../../db/client.js';
import { posImportedStores, stores } from '../../db/schema/index.js';

export type ImportedRow = typeof posImportedStores.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

/**
 * Adds or refreshes POS rows by refId. A row already merged or kept apart is left as decided; a pending
 * row takes the new values. Returns how many rows were new and how many pending rows changed.
 */
export async function upsertImportedStores(db: DbOrTx, brandId: string, rows: TPosStoreInput[]) {
  const decided = await db
    .select({ refId: posImportedStores.refId })
    .from(posImportedStores)
    .where(and(eq(posImportedStores.brandId, brandId), inArray(posImportedStores.refId, rows.map((r) => r.refId)), sql`${posImportedStores.status} <> 'pending'`));
  const written = await db
    .insert(posImportedStores)
    .values(rows.map((r) => ({ brandId, ...r })))
    .onConflictDoUpdate({
      target: [posImportedStores.brandId, posImportedStores.refId],
      set: {
        name: sql`excluded.name`,
        street: sql`excluded.street`,
        city: sql`excluded.city`,
        region: sql`excluded.region`,
        postalCode: sql`excluded.postal_code`,
        countryCode: sql`excluded.country_code`,
        importedAt: sql`now()`,
      },
      setWhere: sql`${posImportedStores.status} = 'pending' and (${posImportedStores.name}, ${posImportedStores.street}, ${posImportedStores.city}, ${posImportedStores.region}, ${posImportedStores.postalCode}, ${posImportedStores.countryCode})
        is distinct from (excluded.name, excluded.street, excluded.city, excluded.region, excluded.postal_code, excluded.country_code)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const imported = written.filter((w) => w.inserted).length;
  const updated = written.length - imported;
  return { imported, updated, unchanged: rows.length - written.length - decided.length, skippedDecided: decided.length };
}

const SORT_COLUMNS = {
  importedAt: posImportedStores.importedAt,
  name: posImportedStores.name,
  refId: posImportedStores.refId,
  countryCode: posImportedStores.countryCode,
  status: posImportedStores.status,
} as const;

export async function listImported(
  db: DbOrTx,
  brandId: string,
  opts: { sort: string; status?: string | undefined; offset: number; limit: number },
) {
  const descending = opts.sort.startsWith('-');
  const column = SORT_COLUMNS[opts.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS] ?? posImportedStores.importedAt;
  const where = and(
    eq(posImportedStores.brandId, brandId),
    opts.status ? eq(posImportedStores.status, opts.status as ImportedRow['status']) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posImportedStores)
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), descending ? desc(posImportedStores.id) : asc(posImportedStores.id))
      .offset(opts.offset)
      .limit(opts.limit),
    db.select({ n: count() }).from(posImportedStores).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findImported(db: DbOrTx, brandId: string, refId: string, forUpdate = false): Promise<ImportedRow | undefined> {
  const q = db.select().from(posImportedStores).where(and(eq(posImportedStores.brandId, brandId), eq(posImportedStores.refId, refId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function markImported(db: DbOrTx, id: number, values: Partial<typeof posImportedStores.$inferInsert>) {
  const [row] = await db.update(posImportedStores).set(values).where(eq(posImportedStores.id, id)).returning();
  return row!;
}

export async function insertStore(db: DbOrTx, values: typeof stores.$inferInsert): Promise<StoreRow> {
  const [row] = await db.insert(stores).values(values).returning();
  return row!;
}

export interface CandidateRow extends StoreRow {
  nameSimilarity: number;
  addressSimilarity: number;
  sameCountry: boolean;
  samePostalCode: boolean;
  score: number;
}

/** Nearest stores taken by name and by address before scoring: bounds the work whatever the names look like. */
const NEAREST = 20;

/**
 * The brand's stores most likely to be this POS row (docs/decisions/0011): stores at the same postcode when one of
 * them plainly matches; otherwise the 20 nearest by name and the 20 nearest by address (trigram distance, `<->`, walked nearest-first through the GiST indexes of migration 0016) and up to 20
 * with the same postcode in the same country (a btree index, which catches a renamed store at the same place), then
 * ranked by a weighted score. Chains whose stores are all named alike stay cheap: nothing scores every store.
 */
export async function mergeCandidates(
  db: DbOrTx,
  brandId: string,
  probe: { name: string; address: string; countryCode: string; postalCode: string },
  limit = 5,
): Promise<CandidateRow[]> {
  // The same place first (a btree lookup): when a store there plainly is this row, the trigram walk is not needed.
  if (probe.postalCode !== '') {
    const samePlace = await scoredCandidates(
      db,
      brandId,
      probe,
      sql`select id from stores where brand_id = ${brandId} and country_code = ${probe.countryCode} and postal_code = ${probe.postalCode} limit ${NEAREST}`,
      limit,
    );
    if ((samePlace[0]?.score ?? 0) >= PLAIN_MATCH) return samePlace;
  }
  return scoredCandidates(
    db,
    brandId,
    probe,
    sql`(select id from stores where brand_id = ${brandId} order by name <-> ${probe.name} limit ${NEAREST})
      union
      (select id from stores where brand_id = ${brandId} order by formatted_address <-> ${probe.address} limit ${NEAREST})
      union
      (select id from stores where brand_id = ${brandId} and ${probe.postalCode} <> ''
         and country_code = ${probe.countryCode} and postal_code = ${probe.postalCode} limit ${NEAREST})`,
    limit,
  );
}

/** A score at which a store at the same postcode is taken as plainly the row (0.5 × name + 0.3 × address + 0.2). */
const PLAIN_MATCH = 0.75;

async function scoredCandidates(
  db: DbOrTx,
  brandId: string,
  probe: { name: string; address: string; countryCode: string; postalCode: string },
  near: ReturnType<typeof sql>,
  limit: number,
): Promise<CandidateRow[]> {
  const res = await db.execute(sql`
    with near as (${near})
    select s.id, s.brand_id as "brandId", s.name, s.logo_url as "logoUrl", s.street, s.city, s.region, s.postal_code as "postalCode",
           s.country_code as "countryCode", s.formatted_address as "formattedAddress", s.status, s.ref_id as "refId",
           s.external_store_id as "externalStoreId", s.weight, s.total_users as "totalUsers",
           x.name_sim as "nameSimilarity", x.addr_sim as "addressSimilarity", x.same_country as "sameCountry", x.same_postal as "samePostalCode",
           (0.5 * x.name_sim + 0.3 * x.addr_sim + 0.1 * x.same_country::int + 0.1 * x.same_postal::int) as score
    from near join stores s on s.id = near.id
    cross join lateral (select
      similarity(s.name, ${probe.name}) as name_sim,
      similarity(s.formatted_address, ${probe.address}) as addr_sim,
      s.country_code = ${probe.countryCode} as same_country,
      (${probe.postalCode} <> '' and s.postal_code = ${probe.postalCode}) as same_postal) x
    -- Stores that share nothing with the row are no candidates, however near they came.
    where s.brand_id = ${brandId} and (x.name_sim >= 0.2 or x.addr_sim >= 0.2 or x.same_postal)
    order by score desc, s.id
    limit ${limit}`);
  return (res as unknown as { rows: CandidateRow[] }).rows.map((r) => ({
    ...r,
    nameSimilarity: Number(r.nameSimilarity),
    addressSimilarity: Number(r.addressSimilarity),
    score: Number(r.score),
  }));
}
