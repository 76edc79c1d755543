import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { brands, operatorAudit } from '../../db/schema/index.js';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface OperatorBrandRow {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  payment_plan: string;
  is_retailer: boolean;
  consumer_enabled: boolean;
  members: number | string;
  campaigns: number | string;
  wallet_balance_cents: number | string;
  currency: string;
  created_at: Date | string;
}

/** Every brand with what an operator looks at, newest first. */
export async function listBrandRows(db: DbOrTx): Promise<OperatorBrandRow[]> {
  return rowsOf<OperatorBrandRow>(
    await db.execute(sql`
      select b.id, b.name, b.status, b.payment_plan, b.is_retailer, b.consumer_enabled, b.wallet_balance_cents, b.currency, b.created_at,
             (select count(*) from members m where m.organization_id = b.id) as members,
             (select coalesce(sum(n), 0) from campaign_counts cc where cc.brand_id = b.id) as campaigns
      from brands b
      order by b.created_at desc, b.id`),
  );
}

export async function findBrandForUpdate(db: DbOrTx, brandId: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, status: brands.status, consumerEnabled: brands.consumerEnabled })
    .from(brands)
    .where(eq(brands.id, brandId))
    .for('update');
  return row;
}

export async function setBrandStatus(db: DbOrTx, brandId: string, status: 'active' | 'suspended') {
  await db.update(brands).set({ status }).where(eq(brands.id, brandId));
}

export async function setBrandConsumer(db: DbOrTx, brandId: string, enabled: boolean) {
  await db.update(brands).set({ consumerEnabled: enabled }).where(eq(brands.id, brandId));
}

export async function insertOperatorAudit(db: DbOrTx, entry: typeof operatorAudit.$inferInsert) {
  await db.insert(operatorAudit).values(entry);
}

export async function listOperatorAudit(db: DbOrTx, limit: number) {
  return db.select().from(operatorAudit).orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id)).limit(limit);
}

export interface TotalsRows {
  brands: { total: number | string; active: number | string; suspended: number | string };
  users: number | string;
  campaigns: { status: string; n: number | string }[];
  completions: number | string;
  money: { currency: string; paid_in: number | string; paid_out: number | string; balance: number | string }[];
}

/** The platform's figures: counted from the tables themselves (a rare operator read, not a hot path). */
export async function loadTotals(db: DbOrTx): Promise<TotalsRows> {
  const [b] = rowsOf<TotalsRows['brands']>(
    await db.execute(sql`select count(*) as total, count(*) filter (where status = 'active') as active,
                                count(*) filter (where status = 'suspended') as suspended from brands`),
  );
  const [u] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from users`));
  const campaigns = rowsOf<{ status: string; n: number | string }>(await db.execute(sql`select status::text as status, count(*) as n from campaigns group by status`));
  const [c] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from completions`));
  const money = rowsOf<TotalsRows['money'][number]>(
    await db.execute(sql`
      select b.currency,
             coalesce(sum(l.amount_cents) filter (where l.amount_cents > 0), 0) as paid_in,
             coalesce(-sum(l.amount_cents) filter (where l.amount_cents < 0), 0) as paid_out,
             coalesce(sum(l.amount_cents), 0) as balance
      from wallet_ledger l join brands b on b.id = l.brand_id
      group by b.currency order by b.currency`),
  );
  return { brands: b!, users: u!.n, campaigns, completions: c!.n, money };
}
