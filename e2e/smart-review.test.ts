import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { dbSchema, randomReceiptSpec, receiptTotalCents, renderReceipt } from '@rally/server';
import type { Harness } from './support/harness.js';
import { startHarness } from './support/harness.js';

// Smart review (issue 15): the owner switches it on through the pending-invoice dialog and the payment
// confirmation, and off through the "Attention" confirmation, from the builder's side column; then a store user
// sends a sale with a receipt photo through the participant API, and the owner accepts it in the review queue.
// Real server (built web app + API), fresh seeded database, Chromium.

const CAMPAIGN_NAME = 'Summer sales sprint';
let harness: Harness;
let campaignId: number;
let brandId: string;
let invoiceId: number;

const rows = async <T,>(q: ReturnType<typeof sql>) => ((await harness.database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  harness = await startHarness();
  const { db } = harness.database;
  const campaign = await db.query.campaigns.findFirst({ where: (c, { eq: is }) => is(c.name, CAMPAIGN_NAME) });
  if (!campaign) throw new Error(`the demo data has no campaign named ${CAMPAIGN_NAME}`);
  campaignId = campaign.id;
  brandId = campaign.brandId;
  await db.execute(sql`update brands set smart_review_enabled = false, smart_review_price_per_scan_cents = 25 where id = ${brandId}`);
  // A closed invoice the brand has not paid: switching on must send the owner to the payment settings first.
  const [inv] = await rows<{ id: number }>(
    sql`insert into invoices (brand_id, kind, status, amount_cents, period) values (${brandId}, 'monthly', 'unpaid', 4200, '2020-01') returning id`,
  );
  invoiceId = inv!.id;
}, 400_000);

afterAll(() => harness?.close());

describe('smart review', () => {
  it('switches on past the pending-invoice dialog and the payment confirmation, and off after the Attention dialog', async () => {
    const { context, page } = await harness.newPage();
    try {
      await harness.signIn(page, 'owner@brand.test');
      await page.goto(`/campaign/${campaignId}`);
      const panel = page.getByRole('region', { name: 'Smart review' });
      await panel.waitFor();
      await panel.getByText('Price per receipt reviewed').waitFor();
      expect(await panel.getByTestId('smart-review-price').textContent()).toBe('$0.25');
      const toggle = panel.getByRole('switch', { name: 'Review receipts automatically' });
      expect(await toggle.isChecked()).toBe(false);

      // On, with an unpaid invoice: the pending-invoice dialog offers the payment settings, nothing changes.
      await toggle.click();
      const pending = page.getByRole('dialog', { name: 'Pending invoice' });
      await pending.waitFor();
      await pending.getByText(`#${invoiceId}`, { exact: false }).waitFor();
      expect(await pending.getByRole('link', { name: 'Review payment settings' }).getAttribute('href')).toBe('/billing');
      await pending.getByRole('button', { name: 'Not now' }).click();
      await pending.waitFor({ state: 'hidden' });
      expect(await toggle.isChecked()).toBe(false);

      // Invoice paid: a prepaid brand confirms the payment, then it is on.
      await harness.database.db.execute(sql`update invoices set status = 'paid', paid_at = now() where id = ${invoiceId}`);
      await toggle.click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByText(/Each receipt reviewed costs \$0\.25/).waitFor();
      await confirm.getByRole('button', { name: 'Confirm and switch on' }).click();
      await page.getByText('Smart review is on.').waitFor();
      await expect.poll(() => toggle.isChecked()).toBe(true);

      // Off: the Attention confirmation first.
      await toggle.click();
      const attention = page.getByRole('dialog', { name: 'Attention' });
      await attention.getByText(/every receipt will wait in the review queue/).waitFor();
      await attention.getByRole('button', { name: 'Switch off' }).click();
      await page.getByText(/Smart review is off/).waitFor();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      const [brand] = await rows<{ e: boolean }>(sql`select smart_review_enabled as e from brands where id = ${brandId}`);
      expect(brand!.e).toBe(false);
    } catch (error) {
      await page.screenshot({ path: '/tmp/rally/shots-smart-review-switch.png', fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  }, 150_000);

  it('takes a receipt from a participant upload to an accepted completion through the review queue', async () => {
    const { db } = harness.database;
    // The contest runs now and reaches every store of the brand.
    await db.execute(sql`update campaigns set status = 'active', start_date = now() - interval '1 hour',
      end_date = now() + interval '10 days', scope_type = 'all' where id = ${campaignId}`);
    const user = await db.query.storeUsers.findFirst({ where: (u, { eq: is }) => is(u.brandId, brandId), orderBy: (u, { asc }) => [asc(u.id)] });
    if (!user?.email) throw new Error('the demo brand has no store user with an email');
    if (!user.passwordHash) await db.update(dbSchema.storeUsers).set({ passwordHash: await hash('demo1234') }).where(eq(dbSchema.storeUsers.id, user.id));

    // The participant, through the participant API (its own cookie).
    const participant = await harness.browser.newContext({ baseURL: harness.baseUrl });
    const origin = { origin: harness.baseUrl };
    let completionId = 0;
    const spec = randomReceiptSpec(7);
    try {
      const signIn = await participant.request.post('/api/play/auth/sign-in', { data: { email: user.email, password: 'demo1234' }, headers: origin });
      expect(signIn.status()).toBe(200);
      const detail = await participant.request.get(`/api/play/campaigns/${campaignId}`);
      expect(detail.status()).toBe(200);
      const mission = ((await detail.json()) as { missions: { campaignMissionId: number; submissionKind: string; items: { kind: string; id: number }[] }[] }).missions.find(
        (m) => m.submissionKind === 'contest' || m.submissionKind === 'itemSold',
      );
      if (!mission) throw new Error('the contest has no sales mission');
      const upload = await participant.request.post('/api/play/uploads', {
        multipart: { file: { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await renderReceipt(spec) } },
        headers: origin,
      });
      expect(upload.status()).toBe(201);
      const option = mission.items.find((i) => i.kind === 'option');
      const submitted = await participant.request.post(`/api/play/campaigns/${campaignId}/missions/${mission.campaignMissionId}/completions`, {
        data: {
          kind: mission.submissionKind,
          items: option ? [{ itemId: option.id, quantity: 1 }] : [],
          salesAmountCents: receiptTotalCents(spec),
          receiptUploadId: ((await upload.json()) as { uploadId: string }).uploadId,
        },
        headers: { ...origin, 'idempotency-key': randomUUID() },
      });
      expect(submitted.status()).toBe(201);
      const completion = ((await submitted.json()) as { completion: { id: number; status: string } }).completion;
      expect(completion.status).toBe('pending');
      completionId = completion.id;
    } finally {
      await participant.close();
    }

    // The owner accepts it in the review queue (smart review is off: it went straight there).
    const { context, page } = await harness.newPage();
    try {
      await harness.signIn(page, 'owner@brand.test');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Receipts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
      const card = page.getByRole('article', { name: new RegExp(user.name) });
      await card.waitFor();
      await card.getByText('Smart review was off').waitFor();
      expect(await card.getByTestId('receipt-claimed-total').textContent()).toBe(`$${(receiptTotalCents(spec) / 100).toFixed(2)}`);
      // Polled: on a busy machine the photo may still be loading when the card shows.
      const photo = card.getByRole('img', { name: `Receipt from ${user.name}` });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
      await card.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('Receipt accepted; the entry counts.').waitFor();
      const [c] = await rows<{ status: string }>(sql`select status from completions where id = ${completionId}`);
      expect(c!.status).toBe('accepted');
      await page.locator('.mantine-SegmentedControl-label', { hasText: 'Accepted' }).click();
      await page.getByRole('article', { name: new RegExp(user.name) }).getByText('Accepted by Olivia Owner').waitFor();
    } finally {
      await context.close();
    }
  }, 150_000);
});
