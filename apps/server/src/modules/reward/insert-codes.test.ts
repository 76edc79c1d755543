import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { campaigns, rewardCodes } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { insertCodes } from './reward-codes.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codesOf = async (rewardId: number) =>
  (await t.database.db.select({ code: rewardCodes.code }).from(rewardCodes).where(eq(rewardCodes.rewardId, rewardId)).orderBy(asc(rewardCodes.code))).map((r) => r.code);

describe('inserting codes', () => {
  it('stores codes with backslashes and tabs exactly, and skips codes the reward already has', async () => {
    const f = factories(t.database.db);
    const brandId = t.brandIds.owner;
    const reward = await f.reward(brandId, (await f.campaign(brandId)).id, { type: 'gift_card', title: 'Copy' });
    await t.database.db.transaction((tx) => insertCodes(tx, brandId, reward.id, ['A\\1', 'B\t2', '0003']));
    // '0003' is already there (a concurrent upload added it): the rest still goes in, nothing fails.
    await t.database.db.transaction((tx) => insertCodes(tx, brandId, reward.id, ['0003', '0004']));
    expect(await codesOf(reward.id)).toEqual(['0003', '0004', 'A\\1', 'B\t2']);
  });

  it('adds many codes in chunks', async () => {
    const f = factories(t.database.db);
    const brandId = t.brandIds.owner;
    const reward = await f.reward(brandId, (await f.campaign(brandId)).id, { type: 'discount', title: 'Many' });
    const codes = Array.from({ length: 45_000 }, (_, i) => String(i).padStart(8, '0'));
    await t.database.db.transaction((tx) => insertCodes(tx, brandId, reward.id, codes));
    expect((await codesOf(reward.id)).length).toBe(45_000);
  });

  it('still holds reward_codes to its reward and brand: unknown ones refused as a foreign key would, codes deleted with their reward', async () => {
    const f = factories(t.database.db);
    const brandId = t.brandIds.owner;
    const campaign = await f.campaign(brandId);
    const reward = await f.reward(brandId, campaign.id, { type: 'discount', title: 'Keys' });
    const failure = (work: Promise<unknown>) => work.then(() => null, (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code);
    expect(await failure(t.database.db.transaction((tx) => insertCodes(tx, brandId, 2_000_000_000, ['X1'])))).toBe('23503');
    expect(await failure(t.database.db.insert(rewardCodes).values({ brandId: 'no-such-brand', rewardId: reward.id, code: 'X2' }))).toBe('23503');
    await t.database.db.transaction((tx) => insertCodes(tx, brandId, reward.id, ['K1', 'K2']));
    expect(await failure(t.database.db.update(rewardCodes).set({ rewardId: 2_000_000_000 }).where(eq(rewardCodes.rewardId, reward.id)))).toBe('23503');
    await t.database.db.delete(campaigns).where(eq(campaigns.id, campaign.id));
    const left = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from reward_codes where reward_id = ${reward.id}`);
    expect(left[0]!.n).toBe(0);
  });
});
