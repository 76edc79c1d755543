import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPlayCampaignDetail } from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { multipartBody } from '../../testing/multipart.js';
import { randomReceiptSpec, receiptTotalCents, renderReceipt } from '../../testing/receipt-image.js';
import { playCookie, runningCampaign, submit } from '../../testing/engine-kit.js';
import { dayInZone } from './review-receipt.js';

let t: TestApp;
let owner: string;
let partner: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-smart-review-'));
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await t.signIn('owner@brand.test');
  partner = await t.signIn('partner@partner.test');
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A small photo that is no receipt, different for each seed (uploads must be real images). */
const plainPhoto = (seed: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 } } }).png().toBuffer();

const db = () => t.database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)) as unknown as { rows: T[] };
const brand = () => t.brandIds.owner;
const PRICE = 25;

async function setSmartReview(enabled: boolean, brandId = brand()) {
  await db().execute(sql`update brands set smart_review_enabled = ${enabled}, smart_review_price_per_scan_cents = ${PRICE} where id = ${brandId}`);
}

/** An item-sold campaign whose first product is "Orange Juice", with a code reward unlocked by each accepted sale. */
async function saleCampaign() {
  const k = await runningCampaign(db(), brand(), { mission: { subtype: 'itemSold' }, items: 'options', participants: 2 });
  await db().execute(sql`update mission_items set title = 'Orange Juice' where id = ${k.itemIds[0]}`);
  const reward = await k.reward({ type: 'discount', title: '10% off', completionsToUnlock: 1, maxPerUser: 0, isUnlimited: true });
  await k.codes(reward.id, 10);
  return { ...k, rewardId: reward.id };
}

/** A clean receipt for the claim: Orange Juice, dated today in the campaign's zone. */
function receiptFor(seed: number, timeZone: string) {
  return randomReceiptSpec(seed, {
    items: [
      { name: 'Orange Juice', quantity: 2, amountCents: 598 },
      { name: 'Cola Zero', quantity: 1, amountCents: 249 },
    ],
    taxCents: 68,
    date: dayInZone(new Date(), timeZone),
    font: 'DejaVu Sans',
    fontSize: 20,
    rotation: 0.4,
    noise: 0.05,
    blur: 0,
    totalLabel: 'TOTAL',
    dateFormat: 'iso',
  });
}

async function upload(cookie: string, bytes: Buffer): Promise<string> {
  const body = multipartBody({ name: 'receipt', type: 'image/jpeg', bytes });
  const res = await t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
  expect(res.statusCode).toBe(201);
  return res.json().uploadId as string;
}

async function sell(k: Awaited<ReturnType<typeof saleCampaign>>, cookie: string, salesAmountCents: number, image: Buffer) {
  const receiptUploadId = await upload(cookie, image);
  const res = await submit(t.app, cookie, k.campaign.id, k.cm.id, { kind: 'itemSold', items: [{ itemId: k.itemIds[0], quantity: 2 }], salesAmountCents, receiptUploadId });
  expect(res.statusCode).toBe(201);
  return res.json().completion as { id: number; status: string };
}

const receiptOf = async (completionId: number) =>
  (
    await rows<{ id: string; status: string; flags: string[]; total_cents: string | null; fee_cents: string | null; reviewer: string | null; reason: string | null }>(
      sql`select id, status, flags, total_cents, fee_cents, reviewer, reason from receipts where completion_id = ${completionId}`,
    )
  ).rows[0]!;
const completionStatus = async (id: number) => (await rows<{ status: string }>(sql`select status from completions where id = ${id}`)).rows[0]!.status;
const unlocksOf = async (completionId: number) => (await rows<{ n: number }>(sql`select count(*)::int as n from reward_unlocks where completion_id = ${completionId}`)).rows[0]!.n;
const feeLines = async () =>
  (await rows<{ n: number; sum: string | null }>(sql`select count(*)::int as n, sum(amount_cents) as sum from invoice_lines where brand_id = ${brand()} and kind = 'smart_review'`)).rows[0]!;

describe('switching smart review (receipt-scan activate / deactivate)', () => {
  it('switches on and off for the signed-in brand only, and needs a dashboard session', async () => {
    const on = await t.app.inject({ method: 'POST', url: '/api/receipt-scan/activate', headers: { cookie: owner }, payload: {} });
    expect(on.statusCode).toBe(200);
    expect(on.json().smartReview).toMatchObject({ enabled: true, currency: 'USD' });
    const partnerState = await rows<{ e: boolean }>(sql`select smart_review_enabled as e from brands where id = ${t.brandIds.partner}`);
    expect(partnerState.rows[0]!.e).toBe(false);
    const off = await t.app.inject({ method: 'POST', url: '/api/receipt-scan/deactivate', headers: { cookie: owner } });
    expect(off.json().smartReview.enabled).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/receipt-scan/activate', payload: {} })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/receipt-scan/activate', headers: { cookie: owner }, payload: { plan: 'gold' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.fields)).toContain('plan');
  });

  it('refuses to switch on while the brand has an unpaid invoice, naming it', async () => {
    const [inv] = (
      await rows<{ id: number }>(sql`insert into invoices (brand_id, kind, status, amount_cents, period) values (${t.brandIds.partner}, 'monthly', 'unpaid', 1200, '2020-01') returning id`)
    ).rows;
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/receipt-scan/activate', headers: { cookie: partner }, payload: {} });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields).toEqual([{ path: 'invoiceId', message: `invoice #${inv!.id} is unpaid` }]);
      const unpaid = await t.app.inject({ method: 'GET', url: '/api/receipt-scan/check-unpaid-invoices', headers: { cookie: partner } });
      expect(unpaid.json()).toEqual({ hasUnpaidInvoice: true, invoiceId: inv!.id });
    } finally {
      await db().execute(sql`delete from invoices where id = ${inv!.id}`);
    }
  });
});

describe('receipts read by smart review (OCR, offline)', () => {
  it('accepts a receipt that matches the claimed sale: the entry unlocks once and the fee is charged once', async () => {
    await setSmartReview(true);
    const k = await saleCampaign();
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const spec = receiptFor(11, k.campaign.timeZone);
    const image = await renderReceipt(spec);
    const feesBefore = await feeLines();
    const c = await sell(k, cookie, receiptTotalCents(spec), image);
    expect(c.status).toBe('pending');
    expect(await unlocksOf(c.id)).toBe(0);
    await t.app.jobs.drain();
    const r = await receiptOf(c.id);
    expect({ status: r.status, flags: r.flags, total: Number(r.total_cents), fee: Number(r.fee_cents), reviewer: r.reviewer }).toEqual({
      status: 'accepted',
      flags: [],
      total: receiptTotalCents(spec),
      fee: PRICE,
      reviewer: 'smart-review',
    });
    expect(await completionStatus(c.id)).toBe('accepted');
    expect(await unlocksOf(c.id)).toBe(1);
    const fees = await feeLines();
    expect([fees.n - feesBefore.n, Number(fees.sum ?? 0) - Number(feesBefore.sum ?? 0)]).toEqual([1, PRICE]);
    // A reviewer cannot accept it again: nothing is issued twice.
    const again = await t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${r.id}/accept`, headers: { cookie: owner }, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(await unlocksOf(c.id)).toBe(1);

    // The same photo sent again for another sale is a reused receipt: rejected, and the entry with it.
    const other = await playCookie(db(), brand(), k.users[1]!.id);
    const dup = await sell(k, other, receiptTotalCents(spec), image);
    await t.app.jobs.drain();
    const d = await receiptOf(dup.id);
    expect([d.status, d.flags, d.reviewer]).toEqual(['rejected', ['duplicate_image'], 'smart-review']);
    expect(await completionStatus(dup.id)).toBe('rejected');
    expect(await unlocksOf(dup.id)).toBe(0);
  }, 60_000);

  it('queues a receipt whose total differs from the claim; a reviewer accepts it and it unlocks exactly once', async () => {
    await setSmartReview(true);
    const k = await saleCampaign();
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const spec = receiptFor(12, k.campaign.timeZone);
    const c = await sell(k, cookie, receiptTotalCents(spec) + 500, await renderReceipt(spec));
    await t.app.jobs.drain();
    const r = await receiptOf(c.id);
    expect([r.status, r.flags]).toEqual(['review', ['total_mismatch']]);
    expect(await completionStatus(c.id)).toBe('pending');

    const queue = await t.app.inject({ method: 'GET', url: `/api/receipt-scan/receipts?campaignId=${k.campaign.id}`, headers: { cookie: owner } });
    expect(queue.statusCode).toBe(200);
    const row = queue.json().items[0];
    expect(row).toMatchObject({
      id: Number(r.id),
      status: 'review',
      flags: ['total_mismatch'],
      extracted: { totalCents: receiptTotalCents(spec), merchant: spec.merchant },
      claimed: { salesAmountCents: receiptTotalCents(spec) + 500, items: [{ title: 'Orange Juice', quantity: 2 }] },
    });
    const image = await t.app.inject({ method: 'GET', url: row.imageUrl, headers: { cookie: owner } });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);

    // Another brand sees none of it.
    expect((await t.app.inject({ method: 'GET', url: row.imageUrl, headers: { cookie: partner } })).statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${r.id}/accept`, headers: { cookie: partner }, payload: {} });
    expect(foreign.statusCode).toBe(404);

    // Two reviewers at once: one decision, one unlock.
    const both = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${r.id}/accept`, headers: { cookie: owner }, payload: {} })),
    );
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((x) => x.statusCode === 200)!.json()).toMatchObject({ status: 'accepted', reviewer: 'Olivia Owner' });
    expect(await completionStatus(c.id)).toBe('accepted');
    expect(await unlocksOf(c.id)).toBe(1);
  }, 60_000);
});

describe('receipts with smart review off (manual queue)', () => {
  it('sends a sale with a receipt straight to the queue, uncharged; a rejection keeps its reason', async () => {
    await setSmartReview(false);
    const k = await saleCampaign();
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const feesBefore = await feeLines();
    const c = await sell(k, cookie, 1234, await plainPhoto(1));
    const r = await receiptOf(c.id);
    expect([r.status, r.flags, r.fee_cents]).toEqual(['review', ['smart_review_off'], null]);
    expect((await feeLines()).n).toBe(feesBefore.n);

    const noReason = await t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${r.id}/reject`, headers: { cookie: owner }, payload: { reason: '  ' } });
    expect([noReason.statusCode, noReason.json().error.fields[0].path]).toEqual([400, 'reason']);
    const rejected = await t.app.inject({ method: 'POST', url: `/api/receipt-scan/receipts/${r.id}/reject`, headers: { cookie: owner }, payload: { reason: 'The photo is not a receipt' } });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The photo is not a receipt' });
    expect(await completionStatus(c.id)).toBe('rejected');
    expect(await unlocksOf(c.id)).toBe(0);
    // The participant sees it was not accepted, when and why.
    const detail = ZPlayCampaignDetail.parse((await t.app.inject({ method: 'GET', url: `/api/play/campaigns/${k.campaign.id}`, headers: { cookie } })).json());
    expect(detail.missions[0]?.lastRejection).toEqual({ at: expect.any(Number), reason: 'The photo is not a receipt' });
    expect(Math.abs(detail.missions[0]!.lastRejection!.at - Date.now() / 1000)).toBeLessThan(120);
  });

  it('add-receipt replaces the photo of my pending sale, names bad fields and hides other people\'s entries', async () => {
    await setSmartReview(false);
    const k = await saleCampaign();
    const mine = await playCookie(db(), brand(), k.users[0]!.id);
    const theirs = await playCookie(db(), brand(), k.users[1]!.id);
    const c = await sell(k, mine, 1234, await plainPhoto(2));
    const second = await upload(mine, await plainPhoto(3));
    const url = '/api/play/receipt-scan/add-receipt';
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: mine }, payload: { completionsId: c.id, master: second } });
    expect(ok.json()).toMatchObject({ completionId: c.id, status: 'review' });
    const bad = await t.app.inject({ method: 'POST', url, headers: { cookie: mine }, payload: { completionsId: 'x', master: second } });
    expect([bad.statusCode, bad.json().error.fields[0].path]).toEqual([400, 'completionsId']);
    const unknown = await t.app.inject({ method: 'POST', url, headers: { cookie: mine }, payload: { completionsId: c.id, master: 'nope' } });
    expect([unknown.statusCode, unknown.json().error.fields[0].path]).toEqual([400, 'master']);
    const foreign = await t.app.inject({ method: 'POST', url, headers: { cookie: theirs }, payload: { completionsId: c.id, master: second } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url, payload: { completionsId: c.id, master: second } })).statusCode).toBe(401);
  });
});

describe('what smart review charges (once per distinct receipt, never for one not read)', () => {
  const chargesOf = async (hash: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from receipt_scan_charges where brand_id = ${brand()} and image_hash = ${hash}`)).rows[0]!.n;
  const hashOf = async (completionId: number) =>
    (await rows<{ h: string; scanned: boolean }>(sql`select image_hash as h, scanned_at is not null as scanned from receipts where completion_id = ${completionId}`)).rows[0]!;

  it('charges one photo sent for five sales once: the copies are rejected as reused without being read', async () => {
    await setSmartReview(true);
    const k = await saleCampaign();
    const cookies = [await playCookie(db(), brand(), k.users[0]!.id), await playCookie(db(), brand(), k.users[1]!.id)];
    const spec = receiptFor(21, k.campaign.timeZone);
    const image = await renderReceipt(spec);
    const feesBefore = await feeLines();
    const first = await sell(k, cookies[0]!, receiptTotalCents(spec), image);
    await t.app.jobs.drain();
    const copies = [];
    for (let i = 0; i < 4; i++) copies.push(await sell(k, cookies[i % 2]!, receiptTotalCents(spec), image));
    await t.app.jobs.drain();

    expect((await receiptOf(first.id)).status).toBe('accepted');
    for (const c of copies) {
      const r = await receiptOf(c.id);
      expect([r.status, r.flags, r.fee_cents]).toEqual(['rejected', ['duplicate_image'], null]);
      expect((await hashOf(c.id)).scanned).toBe(false);
    }
    const fees = await feeLines();
    expect([fees.n - feesBefore.n, Number(fees.sum ?? 0) - Number(feesBefore.sum ?? 0)]).toEqual([1, PRICE]);
    expect(await chargesOf((await hashOf(first.id)).h)).toBe(1);
  }, 60_000);

  it('charges a photo replaced back and forth (A, B, A again) once per image, though each is read', async () => {
    await setSmartReview(true);
    const k = await saleCampaign();
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const specA = receiptFor(22, k.campaign.timeZone);
    const imageA = await renderReceipt(specA);
    const imageB = await renderReceipt(receiptFor(23, k.campaign.timeZone));
    const feesBefore = await feeLines();
    // A claim no receipt matches keeps the entry in the queue, so its photo can be replaced.
    const c = await sell(k, cookie, receiptTotalCents(specA) + 777, imageA);
    await t.app.jobs.drain();
    const addReceipt = async (image: Buffer) => {
      const master = await upload(cookie, image);
      const res = await t.app.inject({ method: 'POST', url: '/api/play/receipt-scan/add-receipt', headers: { cookie }, payload: { completionsId: c.id, master } });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.jobs.drain();
      return receiptOf(c.id);
    };
    const afterB = await addReceipt(imageB);
    const afterA = await addReceipt(imageA);
    expect([afterB.status, afterA.status, afterA.flags]).toEqual(['review', 'review', ['total_mismatch']]);
    expect((await hashOf(c.id)).scanned).toBe(true);
    const fees = await feeLines();
    expect([fees.n - feesBefore.n, Number(fees.sum ?? 0) - Number(feesBefore.sum ?? 0)]).toEqual([2, 2 * PRICE]);
  }, 60_000);

  it('charges nothing for a receipt whose photo could not be read; a person reviews it', async () => {
    await setSmartReview(true);
    const k = await saleCampaign();
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const feesBefore = await feeLines();
    const c = await sell(k, cookie, 1234, await plainPhoto(40));
    // The stored photo is gone before the OCR gets to it (removed from disk, a storage failure).
    const [u] = (await rows<{ key: string }>(sql`select p.storage_key as key from receipts r join play_uploads p on p.id = r.upload_id where r.completion_id = ${c.id}`)).rows;
    rmSync(path.join(dataDir, 'play-uploads', u!.key), { force: true });
    await t.app.jobs.drain();
    const r = await receiptOf(c.id);
    expect([r.status, r.flags, r.fee_cents]).toEqual(['review', ['ocr_failed'], null]);
    expect((await feeLines()).n).toBe(feesBefore.n);
  }, 60_000);

  it('charges nothing for 30 uploads of a 19-byte non-image: each is refused before a receipt exists', async () => {
    await setSmartReview(true);
    const k = await saleCampaign();
    const cookie = await playCookie(db(), brand(), k.users[0]!.id);
    const feesBefore = await feeLines();
    const receiptsBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from receipts where brand_id = ${brand()}`)).rows[0]!.n;
    const junk = Buffer.from('not really an image');
    expect(junk.length).toBe(19);
    for (let i = 0; i < 30; i++) {
      const body = multipartBody({ name: 'receipt.png', type: 'image/png', bytes: junk });
      const res = await t.app.inject({ method: 'POST', url: '/api/play/uploads', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
      expect([res.statusCode, res.json().error.fields[0].path]).toEqual([400, 'file']);
    }
    await t.app.jobs.drain();
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from receipts where brand_id = ${brand()}`)).rows[0]!.n).toBe(receiptsBefore);
    expect((await feeLines()).n).toBe(feesBefore.n);
  });
});
