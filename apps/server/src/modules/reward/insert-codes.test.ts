import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { rewardCodes } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { insertCodes } from './insert-codes.js';

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
});
