import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZBillingSummary, ZCheckUnpaidInvoices, ZErrorBody, ZInvoiceDetail, ZInvoiceList, ZLedgerPage, ZMe, ZPaymentResult } from '@rally/domain';
import { brands, invoices, users, walletLedger } from '../../db/schema/index.js';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { accrueInvoiceLine, closeInvoices, debitWallet, ledgerSum, PaymentDueError } from './index.js';

let t: TestApp;
let smtp: SmtpCapture;
let owner: string;
let partner: string;
let retailer: string;

const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // No background sweep: the tests close invoices themselves, at the instant they choose.
  t = await createTestApp({ env: { SMTP_URL: smtp.url, SCHEDULER_ENABLED: 'false' } });
  [owner, partner, retailer] = await Promise.all([t.signIn('owner@brand.test'), t.signIn('partner@partner.test'), t.signIn('retailer@retail.test')]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const balanceOf = async (brandId: string) => (await t.database.db.select({ b: brands.walletBalanceCents }).from(brands).where(eq(brands.id, brandId)))[0]!.b;
const topUp = (cookie: string, amount: number, number = '4242424242424242') =>
  t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie }, payload: { amount, card: card(number) } });

describe('brand load', () => {
  it('returns the wallet, plan, currency and smart review of the current brand', async () => {
    await t.database.db.update(brands).set({ currency: 'EUR', smartReviewPricePerScanCents: 25 }).where(eq(brands.id, t.brandIds.partner));
    const me = ZMe.parse((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: partner } })).json());
    expect(me.brand).toMatchObject({ paymentPlan: 'prepaid', currency: 'EUR', walletBalance: await balanceOf(t.brandIds.partner) });
    expect(me.brand.smartReview).toEqual({ enabled: false, pricePerScan: 25, currency: 'USD', plan: null });
    await t.database.db.update(brands).set({ currency: 'USD' }).where(eq(brands.id, t.brandIds.partner));
  });
});

describe('sandbox top-up', () => {
  it('credits the wallet at once with a test card and writes one top-up entry', async () => {
    const before = await balanceOf(t.brandIds.owner);
    const res = await topUp(owner, 12_345);
    expect(res.statusCode, res.body).toBe(200);
    const result = ZPaymentResult.parse(res.json());
    expect(result).toMatchObject({ status: 'succeeded', amount: 12_345, walletBalance: before + 12_345, clientSecret: null });
    const summary = ZBillingSummary.parse((await t.app.inject({ method: 'GET', url: '/api/billing/summary', headers: { cookie: owner } })).json());
    expect(summary).toMatchObject({ provider: 'sandbox', testMode: true, walletBalance: before + 12_345, publishableKey: null });
    const page = ZLedgerPage.parse((await t.app.inject({ method: 'GET', url: '/api/billing/ledger?kind=topup', headers: { cookie: owner } })).json());
    expect(page.items[0]).toMatchObject({ kind: 'topup', amount: 12_345, createdBy: 'Olivia Owner' });
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4111111111111112', 'incorrect_number'],
  ])('declines %s (%s) with the card message and moves no money', async (number, code) => {
    const before = await balanceOf(t.brandIds.owner);
    const res = await topUp(owner, 5_000, number);
    expect(res.statusCode).toBe(402);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.code).toBe('PAYMENT_DECLINED');
    expect(body.error.fields[0]).toMatchObject({ path: 'card.number' });
    expect(body.error.fields[0]!.message).toContain(code);
    expect(await balanceOf(t.brandIds.owner)).toBe(before);
  });

  it('refuses bad input by field, and a member without wallet:pay', async () => {
    const noCard = await t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 1_000 } });
    expect(noCard.statusCode).toBe(400);
    expect(ZErrorBody.parse(noCard.json()).error.fields.map((f) => f.path)).toContain('card');
    const tiny = await t.app.inject({ method: 'POST', url: '/api/billing/top-up', headers: { cookie: owner }, payload: { amount: 5, card: card('4242424242424242') } });
    expect(tiny.statusCode).toBe(400);
    expect(ZErrorBody.parse(tiny.json()).error.fields.map((f) => f.path)).toContain('amount');
    // The owner is a plain member of the outlet brand: members cannot spend the wallet.
    const outlet = await t.app.inject({ method: 'POST', url: '/api/me/brand', headers: { cookie: owner }, payload: { brandId: t.brandIds.outlet } });
    expect(outlet.statusCode).toBe(200);
    expect((await topUp(owner, 1_000)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/me/brand', headers: { cookie: owner }, payload: { brandId: t.brandIds.owner } });
  });
});

describe('ledger invariants', () => {
  it('keeps balance = ledger sum and never negative under 20 simultaneous top-ups and payments', async () => {
    const brandId = t.brandIds.retailer;
    const start = await balanceOf(brandId);
    // Drain the wallet to 0 so debits really compete for money.
    if (start > 0) await t.database.db.transaction((tx) => debitWallet(tx, { brandId, kind: 'adjustment', amountCents: start }));
    const topUps = Array.from({ length: 10 }, () => topUp(retailer, 1_000));
    const payments = Array.from({ length: 10 }, () =>
      t.database.db
        .transaction((tx) => debitWallet(tx, { brandId, kind: 'smart_review_debit', amountCents: 1_500, note: 'concurrency' }))
        .then(
          () => 'paid' as const,
          (error: unknown) => {
            if (error instanceof PaymentDueError) return 'short' as const;
            throw error;
          },
        ),
    );
    const [credited, paid] = await Promise.all([Promise.all(topUps), Promise.all(payments)]);
    expect(credited.every((r) => r.statusCode === 200)).toBe(true);
    const debits = paid.filter((p) => p === 'paid').length;
    const balance = await balanceOf(brandId);
    expect(balance).toBe(10 * 1_000 - debits * 1_500);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t.database.db, brandId)).toBe(balance);
    // 10,000 of top-ups cover at most 6 payments of 1,500.
    expect(debits).toBeLessThanOrEqual(6);
  });

  it('answers a short wallet with 402 PAYMENT_REQUIRED and the missing amount', async () => {
    const brandId = t.brandIds.retailer;
    const balance = await balanceOf(brandId);
    const error = await t.database.db
      .transaction((tx) => debitWallet(tx, { brandId, kind: 'budget_debit', amountCents: balance + 777 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDueError);
    expect((error as PaymentDueError).dueCents).toBe(777);
    expect(await balanceOf(brandId)).toBe(balance);
  });

  it('exports the ledger as CSV with formula-like text neutralised', async () => {
    const brandId = t.brandIds.owner;
    await t.database.db.insert(walletLedger).values({ brandId, kind: 'adjustment', amountCents: 1, note: '=HYPERLINK("http://evil")' });
    await t.database.db.insert(walletLedger).values({ brandId, kind: 'adjustment', amountCents: -1, note: '@SUM(A1)' });
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/ledger.csv?kind=adjustment', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain("'@SUM(A1)");
    expect(res.body).toMatch(/,-0\.01,USD,/);
    const bad = await t.app.inject({ method: 'GET', url: '/api/billing/ledger?from=2026-02-30', headers: { cookie: owner } });
    expect(bad.statusCode).toBe(400);
    expect(ZErrorBody.parse(bad.json()).error.fields[0]?.path).toBe('from');
  });
});

describe('invoices', () => {
  const JANUARY = new Date('2026-01-15T12:00:00Z');

  it('closes a month once: numbered, PDF mailed to the owners, a prepaid one paid from the wallet', async () => {
    const brandId = t.brandIds.owner;
    await t.database.db.transaction(async (tx) => {
      await accrueInvoiceLine(tx, { brandId, kind: 'smart_review', description: 'Receipt review ×40', amountCents: 1_000, at: JANUARY });
      await accrueInvoiceLine(tx, { brandId, kind: 'smart_review', description: 'Receipt review ×8', amountCents: 200, at: JANUARY });
    });
    const before = await balanceOf(brandId);
    const close = () => closeInvoices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, publicUrl: 'http://localhost:3000' });
    const [first, second] = await Promise.all([close(), close()]);
    expect(first.closed + second.closed).toBe(1);
    expect((await close()).closed).toBe(0);

    const rows = await t.database.db.select().from(invoices).where(and(eq(invoices.brandId, brandId), eq(invoices.period, '2026-01')));
    expect(rows).toHaveLength(1);
    const invoice = rows[0]!;
    expect(invoice).toMatchObject({ status: 'paid', amountCents: 1_200 });
    expect(invoice.number).toMatch(/^RLY-202601-\d{6}$/);
    expect(await balanceOf(brandId)).toBe(before - 1_200);
    const [payment] = await t.database.db.select().from(walletLedger).where(and(eq(walletLedger.invoiceId, invoice.id), eq(walletLedger.kind, 'invoice_payment')));
    expect(payment?.amountCents).toBe(-1_200);

    const mail = await smtp.waitFor((m) => m.subject.includes(invoice.number!) && m.to.includes('owner@brand.test'));
    expect(mail.subject).toMatch(/^Invoice RLY-/);
    expect(mail.text).toContain('January 2026');
    expect(mail.text).toContain('paid from your wallet');
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoice.id}/pdf`, headers: { cookie: owner } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The number is written in the PDF's metadata title (text streams are compressed).
    expect(pdf.rawPayload.toString('latin1')).toContain(invoice.number!);

    const detail = ZInvoiceDetail.parse((await t.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoice.id}`, headers: { cookie: owner } })).json());
    expect(detail.lines.map((l) => l.amount)).toEqual([1_000, 200]);
    // Another brand's invoice is not found, in every call.
    for (const url of [`/api/billing/invoices/${invoice.id}`, `/api/billing/invoices/${invoice.id}/pdf`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: partner } })).statusCode).toBe(404);
    }
    const pay = await t.app.inject({ method: 'POST', url: `/api/billing/invoices/${invoice.id}/pay`, headers: { cookie: partner }, payload: { source: 'wallet' } });
    expect(pay.statusCode).toBe(404);
  });

  it('leaves a postpaid brand its invoice to pay: check-unpaid-invoices finds it, a card payment settles it', async () => {
    const brandId = t.brandIds.partner;
    await t.database.db.update(brands).set({ paymentPlan: 'postpaid' }).where(eq(brands.id, brandId));
    await t.database.db.transaction((tx) => accrueInvoiceLine(tx, { brandId, kind: 'budget', description: 'Budget of "Cash"', amountCents: 25_000, at: JANUARY }));
    const none = ZCheckUnpaidInvoices.parse((await t.app.inject({ method: 'GET', url: '/api/receipt-scan/check-unpaid-invoices', headers: { cookie: partner } })).json());
    expect(none).toEqual({ hasUnpaidInvoice: false, invoiceId: null });

    // Peak Snacks' owner reads French: the invoice mail comes in French, amounts and dates too.
    await t.database.db.update(users).set({ locale: 'fr' }).where(eq(users.email, 'partner@partner.test'));
    await closeInvoices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log, publicUrl: 'http://localhost:3000' });
    const mail = await smtp.waitFor((m) => m.to.includes('partner@partner.test') && m.subject.startsWith('Facture '));
    expect(mail.text).toContain('janvier 2026');
    expect(mail.text).toMatch(/250,00\s€|250,00\s\$|250,00\s\$US/);
    expect(mail.text).toContain('Merci de la régler avant le');
    const unpaid = ZCheckUnpaidInvoices.parse((await t.app.inject({ method: 'GET', url: '/api/receipt-scan/check-unpaid-invoices', headers: { cookie: partner } })).json());
    expect(unpaid.hasUnpaidInvoice).toBe(true);
    const list = ZInvoiceList.parse((await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie: partner } })).json());
    expect(list.items.find((i) => i.id === unpaid.invoiceId)).toMatchObject({ status: 'unpaid', amount: 25_000 });
    // A closed invoice takes no more lines (the database refuses).
    await expect(
      t.database.db.execute(`insert into invoice_lines (brand_id, invoice_id, kind, description, amount_cents) values ('${brandId}', ${unpaid.invoiceId}, 'budget', 'late', 1)`),
    ).rejects.toThrow();

    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/billing/invoices/${unpaid.invoiceId}/pay`,
      headers: { cookie: partner },
      payload: { source: 'card', card: card('4000000000009995') },
    });
    expect(declined.statusCode).toBe(402);
    const before = await balanceOf(brandId);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/billing/invoices/${unpaid.invoiceId}/pay`,
      headers: { cookie: partner },
      payload: { source: 'card', card: card('5555555555554444') },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(brandId)).toBe(before);
    const entries = await t.database.db.select().from(walletLedger).where(eq(walletLedger.invoiceId, unpaid.invoiceId!));
    expect(entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['invoice_payment', -25_000],
      ['topup', 25_000],
    ]);
    const after = ZCheckUnpaidInvoices.parse((await t.app.inject({ method: 'GET', url: '/api/receipt-scan/check-unpaid-invoices', headers: { cookie: partner } })).json());
    expect(after).toEqual({ hasUnpaidInvoice: false, invoiceId: null });
    await t.database.db.update(brands).set({ paymentPlan: 'prepaid' }).where(eq(brands.id, brandId));
  });
});
