import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { multipartBody } from '../../testing/multipart.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';

// A whole 1 × 1 PNG: participant uploads are decoded before they are stored (issue 27).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
  'hex',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('report of a running campaign', () => {
  it('shows completions made through the participant API, participants, unlocks, codes left and budget left; pending entries apart', async () => {
    const db = t.database.db;
    const k = await runningCampaign(db, t.brandIds.owner, { participants: 3 });
    const code = await k.reward({ type: 'discount', title: 'Ten', percentageDiscount: 10, isUnlimited: true });
    await k.codes(code.id, 10);
    const cash = await k.reward({ type: 'money', title: 'Cash', amountCents: 150, budgetCents: 1000, budgetPaidCents: 1000, isUnlimited: true });
    for (const u of k.users.slice(0, 2)) {
      const cookie = await playCookie(db, t.brandIds.owner, u.id);
      for (let i = 0; i < 2; i++) expect((await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'general', answers: [] })).statusCode).toBe(201);
    }
    // A sale sent with its receipt photo waits for review: shown apart, it counts nowhere else.
    const sale = await k.saleMission();
    const seller = await playCookie(db, t.brandIds.owner, k.users[2]!.id);
    const photo = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: PNG });
    const up = await t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie: seller, 'content-type': photo.contentType }, payload: photo.payload });
    expect(up.statusCode).toBe(201);
    const pending = await submit(t.app, seller, k.campaign.id, sale.cm.id, { kind: 'itemSold', items: [{ itemId: sale.itemIds[0], quantity: 1 }], receiptUploadId: up.json().uploadId });
    expect(pending.json()).toMatchObject({ completion: { status: 'pending' }, unlocked: [] });
    const owner = await t.signIn('owner@brand.test');
    const report = (await t.app.inject({ method: 'GET', url: `/api/v3/bundle/${k.campaign.id}/report`, headers: { cookie: owner } })).json();
    expect(report.totals).toMatchObject({
      completions: 4,
      participants: 2,
      storesActive: 1,
      rewardsUnlocked: 8,
      amountPaidCents: 600,
      pendingCompletions: 1,
      codesLeft: 6,
      budgetLeftCents: 400,
    });
    expect(report.rewards).toEqual([
      { rewardId: code.id, type: 'discount', title: 'Ten', unlocked: 4, codesLeft: 6, budgetLeftCents: null },
      { rewardId: cash.id, type: 'money', title: 'Cash', unlocked: 4, codesLeft: null, budgetLeftCents: 400 },
    ]);
    expect(report.missions.find((m: { campaignMissionId: number }) => m.campaignMissionId === k.cm.id).completions).toBe(4);
  });
});
