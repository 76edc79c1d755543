import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sum } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { brands, walletLedger } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balance = async (brandId: string) =>
  (await t.database.db.select({ b: brands.walletBalanceCents }).from(brands).where(eq(brands.id, brandId)))[0]!.b;

describe('wallet ledger', () => {
  it('keeps the balance equal to the sum of the entries', async () => {
    const brandId = t.brandIds.owner;
    await t.database.db.insert(walletLedger).values([
      { brandId, kind: 'topup', amountCents: 50_000 },
      { brandId, kind: 'budget_debit', amountCents: -12_500 },
    ]);
    const [total] = await t.database.db.select({ s: sum(walletLedger.amountCents) }).from(walletLedger).where(eq(walletLedger.brandId, brandId));
    expect(await balance(brandId)).toBe(37_500);
    expect(Number(total?.s)).toBe(37_500);
  });

  it('refuses a debit the balance does not cover, and changes nothing', async () => {
    const brandId = t.brandIds.partner;
    await t.database.db.insert(walletLedger).values({ brandId, kind: 'topup', amountCents: 1_000 });
    await expect(t.database.db.insert(walletLedger).values({ brandId, kind: 'budget_debit', amountCents: -5_000 })).rejects.toThrow();
    expect(await balance(brandId)).toBe(1_000);
  });

  it('is append-only: entries cannot be changed or removed', async () => {
    const brandId = t.brandIds.retailer;
    const [entry] = await t.database.db.insert(walletLedger).values({ brandId, kind: 'topup', amountCents: 700 }).returning();
    await expect(t.database.db.update(walletLedger).set({ amountCents: 7_000 }).where(eq(walletLedger.id, entry!.id))).rejects.toThrow();
    await expect(t.database.db.delete(walletLedger).where(eq(walletLedger.id, entry!.id))).rejects.toThrow();
    expect(await balance(brandId)).toBe(700);
  });
});
