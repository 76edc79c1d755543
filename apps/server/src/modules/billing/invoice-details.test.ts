import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZBillingProfileRead, ZErrorBody, ZInvoiceDetail, ZLedgerPage } from '@rally/domain';
import { brands, invoices, rewards } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { pdfText } from '../../testing/pdf-text.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { accrueInvoiceLine, closeInvoices, creditWallet } from './index.js';

let t: TestApp;
let owner: string;
let brandId: string;

const SELLER = { SELLER_LEGAL_NAME: 'Rally Europe SAS', SELLER_ADDRESS: '12 rue de la Paix|75002 Paris|FR', SELLER_TAX_ID: 'FR40123456789', SELLER_EMAIL: 'billing@rally.test' };

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_ENABLED: 'false', ...SELLER } });
  owner = await t.signIn('owner@brand.test');
  brandId = t.brandIds.owner;
  // A fresh migrations template can take minutes to build on a busy machine.
}, 300_000);
afterAll(() => t.close());

const seller = { legalName: SELLER.SELLER_LEGAL_NAME, addressLines: ['12 rue de la Paix', '75002 Paris', 'FR'], taxId: SELLER.SELLER_TAX_ID, email: SELLER.SELLER_EMAIL };
const close = (now: Date) => closeInvoices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, publicUrl: 'http://localhost:3000', seller, now });
const putProfile = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/billing/profile', headers: { cookie: owner }, payload });
const invoiceDetail = async (id: number) => ZInvoiceDetail.parse((await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${id}`, headers: { cookie: owner } })).json());
const invoicePdf = async (id: number) => pdfText((await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${id}/pdf`, headers: { cookie: owner } })).rawPayload);

const PROFILE = {
  legalName: 'Acme Beverages LLC',
  addressLine1: '1 Market Plaza',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  country: 'US',
  taxId: 'US-EIN 12-3456789',
  taxLabel: 'Sales tax',
  taxRateBasisPoints: 825,
};

describe('the billing profile', () => {
  it('is empty at first, and refuses a profile without a legal name or a tax rate without its label, naming the field', async () => {
    const read = ZBillingProfileRead.parse((await t.app.inject({ method: 'GET', url: '/api/billing/profile', headers: { cookie: owner } })).json());
    expect(read.profile).toBeNull();
    const noName = await putProfile({ ...PROFILE, legalName: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(ZErrorBody.parse(noName.json()).error.fields.map((f) => f.path)).toContain('legalName');
    const noLabel = await putProfile({ ...PROFILE, taxLabel: null });
    expect(noLabel.statusCode).toBe(400);
    expect(ZErrorBody.parse(noLabel.json()).error.fields.map((f) => f.path)).toContain('taxLabel');
    const badCountry = await putProfile({ ...PROFILE, country: 'usa' });
    expect(ZErrorBody.parse(badCountry.json()).error.fields.map((f) => f.path)).toContain('country');
  });

  it('is saved and read back', async () => {
    const res = await putProfile(PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZBillingProfileRead.parse(res.json()).profile).toMatchObject({ ...PROFILE, addressLine2: null });
  });
});

describe('a closed invoice', () => {
  it('carries the buyer, the seller, a tax line and campaign names, in its detail and its PDF', async () => {
    await putProfile(PROFILE);
    const campaign = await factories(t.database.db).campaign(brandId, { name: 'Summer Fridge Push' });
    const { invoiceId } = await t.database.db.transaction((tx) =>
      accrueInvoiceLine(tx, { brandId, kind: 'budget', description: `Budget of campaign ${campaign.id}`, amountCents: 10_000, campaignId: campaign.id, at: new Date('2025-05-10T12:00:00Z') }),
    );
    await close(new Date('2025-06-02T00:00:00Z'));
    // Later profile edits do not rewrite an issued invoice.
    await putProfile({ ...PROFILE, legalName: 'Acme Renamed Inc.' });

    const detail = await invoiceDetail(invoiceId);
    expect(detail.lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['budget', 'Budget of campaign "Summer Fridge Push"', 10_000],
      ['tax', 'Sales tax 8.25%', 825],
    ]);
    expect(detail.lines[0]!.campaignName).toBe('Summer Fridge Push');
    expect(detail.amount).toBe(10_825);
    expect(detail.buyer).toEqual({ legalName: 'Acme Beverages LLC', addressLines: ['1 Market Plaza', '78701 Austin, TX', 'US'], taxId: 'US-EIN 12-3456789', email: null });
    expect(detail.seller).toEqual(seller);

    const text = await invoicePdf(invoiceId);
    for (const expected of ['Rally Europe SAS', '12 rue de la Paix', 'Tax ID: FR40123456789', 'Acme Beverages LLC', '78701 Austin, TX', 'Tax ID: US-EIN 12-3456789', 'Budget of campaign "Summer Fridge Push"', 'Sales tax 8.25%', '$108.25']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Acme Renamed');
  });

  it('carries a negative month to the next invoice: the closed one owes 0, the next one starts with the credit', async () => {
    await t.database.db.update(brands).set({ paymentPlan: 'postpaid' }).where(eq(brands.id, brandId));
    const { invoiceId } = await t.database.db.transaction(async (tx) => {
      await accrueInvoiceLine(tx, { brandId, kind: 'budget', description: 'Budget of "Back to school"', amountCents: 2_000, at: new Date('2025-07-05T12:00:00Z') });
      return accrueInvoiceLine(tx, { brandId, kind: 'budget_credit', description: 'Unspent budget of "Back to school"', amountCents: -7_000, at: new Date('2025-07-20T12:00:00Z') });
    });
    await close(new Date('2025-08-01T00:10:00Z'));

    const july = await invoiceDetail(invoiceId);
    expect(july).toMatchObject({ status: 'paid', amount: 0 });
    expect(july.lines.at(-1)).toMatchObject({ kind: 'credit_carried', description: 'Credit carried to 2025-08', amount: 5_000 });
    const [august] = await t.database.db.select().from(invoices).where(and(eq(invoices.brandId, brandId), eq(invoices.period, '2025-08')));
    const next = await invoiceDetail(august!.id);
    expect(next).toMatchObject({ status: 'open', amount: -5_000 });
    expect(next.lines).toEqual([expect.objectContaining({ kind: 'credit_carried', description: `Credit carried from invoice ${july.number}`, amount: -5_000 })]);
    expect(await invoicePdf(invoiceId)).toMatch(/Amount due\n\$0\.00/);

    // August's charges are reduced by the credit; it closes at what is left to pay.
    await t.database.db.transaction((tx) => accrueInvoiceLine(tx, { brandId, kind: 'smart_review', description: 'Receipt reviews', amountCents: 8_000, at: new Date('2025-08-09T12:00:00Z') }));
    await close(new Date('2025-09-01T00:10:00Z'));
    const closedAugust = await invoiceDetail(august!.id);
    expect(closedAugust.status).toBe('unpaid');
    // 80.00 − 50.00 = 30.00, plus 8.25 % tax.
    expect(closedAugust.amount).toBe(3_000 + 248);
    await t.database.db.update(brands).set({ paymentPlan: 'prepaid' }).where(eq(brands.id, brandId));
  });
});

describe('names where money is shown', () => {
  it('names the campaign and the untitled money reward on a ledger row and in the CSV', async () => {
    const db = t.database.db;
    const campaign = await factories(db).campaign(brandId, { name: 'Peak Week' });
    const reward = await factories(db).reward(brandId, campaign.id, { type: 'money', title: '', amountCents: 2_500, valueCents: null, totalAvailable: null });
    await db.transaction((tx) =>
      creditWallet(tx, { brandId, kind: 'refund', amountCents: 1_234, campaignId: campaign.id, rewardId: reward.id, note: `Peak Snacks's share of "" in shared campaign "Peak Week"` }),
    );
    const page = ZLedgerPage.parse((await t.app.inject({ method: 'GET', url: '/api/billing/ledger?kind=refund', headers: { cookie: owner } })).json());
    expect(page.items[0]).toMatchObject({ campaignName: 'Peak Week', rewardTitle: '$25 cash', note: `Peak Snacks's share of "$25 cash" in shared campaign "Peak Week"` });
    const csv = (await t.app.inject({ method: 'GET', url: '/api/billing/ledger.csv?kind=refund', headers: { cookie: owner } })).body;
    expect(csv).toContain('campaign name,reward');
    expect(csv).toContain('Peak Week,$25 cash');
    // The reward row itself still has its stored title; new money rewards get one when saved (the domain rule).
    expect((await db.select({ title: rewards.title }).from(rewards).where(eq(rewards.id, reward.id)))[0]!.title).toBe('');
  });
});
