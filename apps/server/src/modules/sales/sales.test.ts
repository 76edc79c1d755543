import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_REQUEST_HEADER,
  type TApiKeyCreated,
  type TApiKeyScope,
  type TCampaignReport,
  type TSalesBatch,
  type TSalesBatchDetail,
  type TSalesLine,
  type TSalesPostResult,
  type TWebhookEndpointWithSecret,
  type TWebhookMessageList,
} from '@rally/domain';
import { Webhook } from 'standardwebhooks';
import { completions, missionItems, salesBatches, salesLines, salesTransactions, stores } from '../../db/schema/index.js';
import { runningCampaign } from '../../testing/engine-kit.js';
import { factories } from '../../testing/factories.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startWebhookReceiver } from '../../testing/webhook-receiver.js';

let t: TestApp;
let salesKey: TApiKeyCreated;
let readOnlyKey: TApiKeyCreated;
let retailerKey: TApiKeyCreated;
let ownerCookie: string;
const db = () => t.database.db;

async function keyFor(email: string, name: string, scopes: TApiKeyScope[]): Promise<TApiKeyCreated> {
  const cookie = await t.signIn(email);
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie, [APP_REQUEST_HEADER]: '1' }, payload: { name, scopes } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TApiKeyCreated;
}

const call = (key: TApiKeyCreated, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key.secret}` }, ...(payload ? { payload } : {}) });

/** A running campaign with an item-sold mission whose three products carry SKUs, at a store with a POS id. */
async function salesCampaign(tag: string) {
  const k = await runningCampaign(db(), t.brandIds.owner, { participants: 2 });
  const sale = await k.saleMission();
  for (const [i, id] of sale.itemIds.entries()) await db().update(missionItems).set({ data: { sku: `${tag}-SKU-${i + 1}` } }).where(eq(missionItems.id, id));
  await db().update(stores).set({ externalStoreId: `${tag}-POS` }).where(eq(stores.id, k.store.id));
  const reward = await k.reward({ type: 'discount', title: 'Ten off', percentageDiscount: 10, completionsToUnlock: 1, maxPerUser: 10, scope: 'mission', missionId: sale.cm.missionId });
  await k.codes(reward.id, 20);
  return { ...k, sale };
}

const line = (over: Partial<TSalesLine> & Pick<TSalesLine, 'storePosId' | 'staff' | 'sku' | 'transactionId'>): TSalesLine => ({
  quantity: 1,
  amountCents: 1999,
  soldAt: new Date(Date.now() - 1_000).toISOString(),
  ...over,
});

async function report(campaignId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaignId}/report`, headers: { authorization: `Bearer ${readOnlyKey.secret}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCampaignReport;
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '1000' } });
  salesKey = await keyFor('owner@brand.test', 'Store POS', ['sales:write']);
  readOnlyKey = await keyFor('owner@brand.test', 'Reports', ['reports:read']);
  retailerKey = await keyFor('retailer@retail.test', 'Metro POS', ['sales:write']);
  ownerCookie = await t.signIn('owner@brand.test');
}, 600_000);
afterAll(async () => t?.close());

describe('sales from the POS over the API', () => {
  it('credits a transaction to its staff member in the campaign report, reports unknown rows, and credits nothing twice on a replay', async () => {
    const k = await salesCampaign('A');
    const [jamie, alex] = k.users;
    const unsold = await factories(db()).mission(t.brandIds.owner, { type: 'general', subtype: 'itemSold' });
    await db().insert(missionItems).values({ brandId: t.brandIds.owner, missionId: unsold.id, kind: 'option', title: 'Old product', order: 1, data: { sku: 'A-OLD' } });
    const lines = [
      line({ storePosId: 'A-POS', staff: jamie!.email!.toUpperCase(), sku: 'A-SKU-1', quantity: 2, amountCents: 3000, transactionId: 'A-T1' }),
      line({ storePosId: 'a-pos', staff: jamie!.email!, sku: 'a-sku-2', amountCents: 1000, transactionId: 'A-T1' }),
      line({ storePosId: 'A-POS', staff: String(alex!.id), sku: 'A-SKU-3', transactionId: 'A-T2' }),
      line({ storePosId: 'A-POS', staff: String(alex!.id), sku: 'NOPE-404', transactionId: 'A-T3' }),
      line({ storePosId: 'A-POS', staff: 'nobody@store.test', sku: 'A-SKU-1', transactionId: 'A-T4' }),
      line({ storePosId: 'NO-SUCH-POS', staff: jamie!.email!, sku: 'A-SKU-1', transactionId: 'A-T5' }),
      line({ storePosId: 'A-POS', staff: jamie!.email!, sku: 'A-OLD', transactionId: 'A-T6' }),
    ];
    const first = await call(salesKey, 'POST', '/api/v1/sales', { lines });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json() as TSalesPostResult;
    expect(result.rows.map((r) => r.outcome)).toEqual([
      'credited',
      'credited',
      'credited',
      'unknown_sku',
      'unknown_staff',
      'unknown_store',
      'not_in_live_campaign',
    ]);
    expect(result.rows[0]!.staffId).toBe(jamie!.id);
    expect(result.rows[3]!.message).toContain('NOPE-404');
    expect(result.batch).toMatchObject({ source: 'api', status: 'done', lines: 7, processed: 7, credited: 3, duplicates: 0, problems: 4, completions: 2, unlocks: 2, sentBy: 'Store POS' });

    // One completion per transaction, with the products summed and the amount of its lines.
    const made = await db().select().from(completions).where(eq(completions.campaignMissionId, k.sale.cm.id));
    expect(made.map((c) => [c.storeUserId, c.salesAmountCents]).sort()).toEqual([[alex!.id, 1999], [jamie!.id, 4000]].sort());
    const before = await report(k.campaign.id);
    expect(before.totals).toMatchObject({ completions: 2, participants: 2, rewardsUnlocked: 2 });
    expect(before.missions.find((m) => m.campaignMissionId === k.sale.cm.id)?.completions).toBe(2);

    const replay = await call(salesKey, 'POST', '/api/v1/sales', { lines });
    expect(replay.statusCode, replay.body).toBe(200);
    const again = replay.json() as TSalesPostResult;
    expect(again.rows.slice(0, 3).map((r) => r.outcome)).toEqual(['duplicate_transaction', 'duplicate_transaction', 'duplicate_transaction']);
    expect(again.batch).toMatchObject({ credited: 0, duplicates: 3, completions: 0 });
    expect((await report(k.campaign.id)).totals).toMatchObject({ completions: 2, rewardsUnlocked: 2 });

    // The batch, read back with the key: its problem rows and what it credited.
    const detail = (await call(salesKey, 'GET', `/api/v1/sales/batches/${result.batch.id}`)).json() as TSalesBatchDetail;
    expect(detail.rows.map((r) => r.outcome)).toEqual(['unknown_sku', 'unknown_staff', 'unknown_store', 'not_in_live_campaign']);
    expect(detail.credits.map((c) => [c.transactionId, c.staffName]).sort()).toEqual([['A-T1', jamie!.name], ['A-T2', alex!.name]].sort());
  });

  it('refuses a batch over 1,000 lines or a bad line naming the field, a key without sales:write, and no key at all', async () => {
    const one = line({ storePosId: 'X', staff: 'x@store.test', sku: 'X', transactionId: 'X' });
    const tooMany = await call(salesKey, 'POST', '/api/v1/sales', { lines: Array.from({ length: 1_001 }, () => one) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { fields: [{ path: 'lines' }] } });
    const bad = await call(salesKey, 'POST', '/api/v1/sales', { lines: [{ ...one, amountCents: 12.5, soldAt: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json() as { error: { fields: { path: string }[] } }).error.fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['lines.0.amountCents', 'lines.0.soldAt']));
    const wrongScope = await call(readOnlyKey, 'POST', '/api/v1/sales', { lines: [one] });
    expect(wrongScope.statusCode).toBe(403);
    expect(wrongScope.json()).toMatchObject({ error: { fields: [{ path: 'scope' }] } });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/sales', payload: { lines: [one] } })).statusCode).toBe(401);
  });

  it("keeps brands apart: another brand's key neither credits this brand's staff nor reads its batches", async () => {
    const k = await salesCampaign('B');
    const mine = (await call(salesKey, 'POST', '/api/v1/sales', { lines: [line({ storePosId: 'B-POS', staff: k.users[0]!.email!, sku: 'B-SKU-1', transactionId: 'B-T1' })] })).json() as TSalesPostResult;
    expect(mine.rows[0]!.outcome).toBe('credited');
    const theirs = await call(retailerKey, 'POST', '/api/v1/sales', { lines: [line({ storePosId: 'B-POS', staff: k.users[1]!.email!, sku: 'B-SKU-1', transactionId: 'B-T2' })] });
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as TSalesPostResult).rows[0]!.outcome).toBe('unknown_store');
    // The same transaction id is another brand's own: once per brand, not once in Rally.
    expect((await call(retailerKey, 'POST', '/api/v1/sales', { lines: [line({ storePosId: 'B-POS', staff: 'x@y.test', sku: 'B-SKU-1', transactionId: 'B-T1' })] })).json()).toMatchObject({
      rows: [{ outcome: 'unknown_store' }],
    });
    expect((await call(retailerKey, 'GET', `/api/v1/sales/batches/${mine.batch.id}`)).statusCode).toBe(404);
    const retailerCookie = await t.signIn('retailer@retail.test');
    expect((await t.app.inject({ method: 'GET', url: `/api/sales/batches/${mine.batch.id}`, headers: { cookie: retailerCookie } })).statusCode).toBe(404);
    const made = await db().select().from(completions).where(inArray(completions.storeUserId, k.users.map((u) => u.id)));
    expect(made).toHaveLength(1);
  });
});

describe('sales files', () => {
  it('processes an uploaded CSV in the background with progress, and a replay of the same file credits nothing twice', async () => {
    const k = await salesCampaign('C');
    const [jamie, alex] = k.users;
    const soldAt = new Date(Date.now() - 5_000).toISOString();
    const csv = [
      'store_pos_id,staff,sku,quantity,amount_cents,sold_at,transaction_id',
      `C-POS,${jamie!.email},C-SKU-1,1,500,${soldAt},C-T1`,
      `C-POS,${jamie!.email},C-SKU-2,3,1500,${soldAt},C-T1`,
      `C-POS,${alex!.id},C-SKU-1,1,500,${soldAt},C-T2`,
      `C-POS,${alex!.id},C-SKU-1,one,500,${soldAt},C-T3`,
      `C-POS,ghost@store.test,C-SKU-1,1,500,${soldAt},C-T4`,
    ].join('\n');
    const upload = async () => {
      const { payload, contentType } = multipartBody({ name: 'sales.csv', type: 'text/csv', bytes: Buffer.from(csv) });
      const res = await t.app.inject({ method: 'POST', url: '/api/sales/files', headers: { cookie: ownerCookie, [APP_REQUEST_HEADER]: '1', 'content-type': contentType }, payload });
      expect(res.statusCode, res.body).toBe(202);
      const queued = res.json() as TSalesBatch;
      expect(queued).toMatchObject({ source: 'file', status: 'queued', fileName: 'sales.csv' });
      await t.app.jobs.drain();
      const read = await t.app.inject({ method: 'GET', url: `/api/sales/batches/${queued.id}?rows=all`, headers: { cookie: ownerCookie } });
      expect(read.statusCode, read.body).toBe(200);
      return read.json() as TSalesBatchDetail;
    };
    const first = await upload();
    expect(first.batch).toMatchObject({ status: 'done', lines: 5, processed: 5, credited: 3, duplicates: 0, problems: 2, completions: 2 });
    expect(first.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'credited'],
      [3, 'credited'],
      [4, 'credited'],
      [5, 'invalid'],
      [6, 'unknown_staff'],
    ]);
    expect(first.rows[3]!.message).toContain('quantity');
    expect(first.credits).toHaveLength(2);

    const replay = await upload();
    expect(replay.batch).toMatchObject({ status: 'done', credited: 0, duplicates: 3, completions: 0 });
    expect((await report(k.campaign.id)).totals.completions).toBe(2);

    const list = await t.app.inject({ method: 'GET', url: '/api/sales/batches', headers: { cookie: ownerCookie } });
    expect((list.json() as { items: TSalesBatch[] }).items.map((b) => b.id)).toEqual(expect.arrayContaining([first.batch.id, replay.batch.id]));
    // A file without the columns is a failed batch saying which.
    const { payload, contentType } = multipartBody({ name: 'bad.csv', type: 'text/csv', bytes: Buffer.from('a,b\n1,2\n') });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/sales/files', headers: { authorization: `Bearer ${salesKey.secret}`, 'content-type': contentType }, payload });
    expect(bad.statusCode, bad.body).toBe(202);
    await t.app.jobs.drain();
    const failed = (await call(salesKey, 'GET', `/api/v1/sales/batches/${(bad.json() as TSalesBatch).id}`)).json() as TSalesBatchDetail;
    expect(failed.batch.status).toBe('failed');
    expect(failed.batch.error).toContain('store_pos_id');
  });

  it('finishes a batch whose call stopped after claiming its transactions: the rest is credited, nothing twice', async () => {
    const k = await salesCampaign('D');
    const [jamie] = k.users;
    const owner = t.brandIds.owner;
    const [batch] = await db().insert(salesBatches).values({ brandId: owner, source: 'api', sentBy: 'Store POS', status: 'processing', linesTotal: 2 }).returning();
    const soldAt = new Date(Date.now() - 1_000);
    await db().insert(salesLines).values(
      ['D-T1', 'D-T2'].map((transactionId, row) => ({ brandId: owner, batchId: batch!.id, row, storePosId: 'D-POS', staff: jamie!.email!, sku: 'D-SKU-1', quantity: 1, amountCents: 500, soldAt, transactionId })),
    );
    // The claim of D-T1 was written before the process stopped; another batch holds nothing of these.
    await db().insert(salesTransactions).values({ brandId: owner, transactionId: 'D-T1', batchId: batch!.id });
    await t.app.jobs.send('sales-file', { batchId: batch!.id });
    await t.app.jobs.drain();
    const done = (await call(salesKey, 'GET', `/api/v1/sales/batches/${batch!.id}?rows=all`)).json() as TSalesBatchDetail;
    expect(done.batch).toMatchObject({ status: 'done', processed: 2, credited: 2, completions: 2 });
    // Run again: every line keeps its outcome, the engine is not asked twice.
    await t.app.jobs.send('sales-file', { batchId: batch!.id });
    await t.app.jobs.drain();
    const made = await db().select().from(completions).where(eq(completions.campaignMissionId, k.sale.cm.id));
    expect(made).toHaveLength(2);
  });
});

describe("issue 31's done-when, end to end", () => {
  it('a script with a key sends a sales file, the staff member is credited in the report, the brand’s receiver verifies the signed reward.unlocked, and the same file again credits nothing', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { cookie: ownerCookie, [APP_REQUEST_HEADER]: '1' },
        payload: { url: receiver.url('/pos'), events: ['reward.unlocked'] },
      });
      expect(hook.statusCode, hook.body).toBe(201);
      const { endpoint, secret } = hook.json() as TWebhookEndpointWithSecret;
      const k = await salesCampaign('E');
      const [jamie] = k.users;
      const csv = ['store_pos_id,staff,sku,quantity,amount_cents,sold_at,transaction_id', `E-POS,${jamie!.email},E-SKU-1,2,4000,${new Date(Date.now() - 5_000).toISOString()},E-T1`].join('\n');
      // What the README's curl does: the file as a multipart part, with the key, then the batch read back with it.
      const send = async () => {
        const { payload, contentType } = multipartBody({ name: 'closing.csv', type: 'text/csv', bytes: Buffer.from(csv) });
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/sales/files', headers: { authorization: `Bearer ${salesKey.secret}`, 'content-type': contentType }, payload });
        expect(res.statusCode, res.body).toBe(202);
        await t.app.jobs.drain();
        return (await call(salesKey, 'GET', `/api/v1/sales/batches/${(res.json() as TSalesBatch).id}`)).json() as TSalesBatchDetail;
      };

      const first = await send();
      expect(first.batch).toMatchObject({ status: 'done', credited: 1, completions: 1, unlocks: 1 });
      expect((await report(k.campaign.id)).totals).toMatchObject({ completions: 1, participants: 1, rewardsUnlocked: 1 });

      const end = Date.now() + 10_000;
      while (receiver.at('/pos').length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      const [delivered] = receiver.at('/pos');
      expect(delivered, 'reward.unlocked delivered').toBeDefined();
      const event = new Webhook(secret).verify(delivered!.body, delivered!.headers) as { type: string; data: Record<string, unknown> };
      expect(event).toMatchObject({ type: 'reward.unlocked', data: { campaignId: k.campaign.id, participant: { storeUserId: jamie!.id } } });

      const replay = await send();
      expect(replay.batch).toMatchObject({ status: 'done', credited: 0, duplicates: 1, completions: 0 });
      expect((await report(k.campaign.id)).totals).toMatchObject({ completions: 1, rewardsUnlocked: 1 });
      // The outbox is written with the change: a replay that unlocked nothing queued no second event.
      const messages = await t.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}/messages`, headers: { cookie: ownerCookie } });
      expect((messages.json() as TWebhookMessageList).items).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
