import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  ZBillingProfileBody,
  ZBillingProfileRead,
  ZBillingSummary,
  ZCheckUnpaidInvoices,
  ZErrorBody,
  ZInvoiceDetail,
  ZInvoiceIdParams,
  ZInvoiceList,
  ZLedgerPage,
  ZLedgerQuery,
  ZOk,
  ZPayInvoiceBody,
  ZPaymentIdParams,
  ZPaymentResult,
  ZTopUpBody,
  type TInvoiceParty,
} from '@rally/domain';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import { errorResponses, providerUnavailableResponse } from '../../lib/error-responses.js';
import { findPayment } from './billing.repository.js';
import { getBillingProfile, getBillingSummary, getInvoice, getInvoicePdf, getInvoices, getLedgerPage, ledgerCsv } from './billing-reads.js';
import { saveBillingProfile } from './save-billing-profile.js';
import { checkUnpaidInvoices } from './check-unpaid-invoices.js';
import { closeInvoices } from './close-invoices.js';
import { handleProviderEvent } from './handle-webhook.js';
import { payInvoiceFromWallet } from './pay-invoice-from-wallet.js';
import type { PaymentProvider } from './payment-provider.js';
import { paymentResult, startPayment } from './start-payment.js';
import { reconcilePendingPayments } from './reconcile-payments.js';
import { fileResponse } from '../../lib/api-docs.js';

export interface BillingRoutesOptions {
  provider: PaymentProvider;
  publicUrl: string;
  /** How often the sweep closing last month's invoices runs. */
  closeEverySeconds: number;
  /** How often pending payments are reconciled with the provider, and from what age (minutes). */
  reconcileEverySeconds: number;
  reconcileAfterMinutes: number;
  /** Rally as the seller on invoices (SELLER_*). */
  seller: TInvoiceParty;
}

// 503: the payment provider cannot be reached (PAYMENT_PROVIDER_UNAVAILABLE, with Retry-After).
const errors = { ...errorResponses, 402: ZErrorBody, 503: providerUnavailableResponse };
const ZLedgerCsvQuery = ZLedgerQuery.pick({ kind: true, from: true, to: true }).strict();

export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const { provider } = options;

  app.jobs.every('billing.close-invoices', options.closeEverySeconds, async () => {
    const result = await closeInvoices({ db, mailer: app.mailer, log: app.log, publicUrl: options.publicUrl, seller: options.seller });
    if (result.closed || result.mailed) app.log.info(result, 'invoices closed and mailed');
  });
  app.jobs.every('billing.reconcile-payments', options.reconcileEverySeconds, async () => {
    const result = await reconcilePendingPayments({ db, provider, log: app.log, olderThanMinutes: options.reconcileAfterMinutes });
    if (result.completed || result.failed) app.log.info(result, 'pending payments reconciled with the provider');
  });

  r.get(
    '/api/receipt-scan/check-unpaid-invoices',
    {
      config: { permission: 'billing:read' },
      schema: {
        tags: ['billing'],
        summary: 'Whether the brand has a closed invoice it has not paid (smart review, spec §7)',
        response: { 200: ZCheckUnpaidInvoices, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      return checkUnpaidInvoices(db, actor.brandId);
    },
  );

  r.get(
    '/api/billing/summary',
    { config: { permission: 'wallet:read' }, schema: { tags: ['billing'], summary: 'Wallet balance, plan, currency and the payment provider (sandbox or Stripe)', response: { 200: ZBillingSummary, ...errorResponses } } },
    async (request) => getBillingSummary(db, provider, await app.actor(request)),
  );

  r.get(
    '/api/billing/ledger',
    {
      config: { permission: 'wallet:read' },
      schema: {
        tags: ['billing'],
        summary: "The wallet's ledger, newest first: filter by kind and UTC days, paged",
        querystring: ZLedgerQuery,
        response: { 200: ZLedgerPage, ...errorResponses },
      },
    },
    async (request) => getLedgerPage(db, await app.actor(request), request.query),
  );

  r.get(
    '/api/billing/ledger.csv',
    {
      config: { permission: 'wallet:read' },
      schema: {
        tags: ['billing'],
        summary: 'The filtered ledger as CSV (formula-like text cells neutralised with a leading apostrophe)',
        querystring: ZLedgerCsvQuery,
        response: { 200: fileResponse('The ledger rows as CSV', ['text/csv']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      const chunks: string[] = [];
      for await (const chunk of ledgerCsv(db, actor, request.query)) chunks.push(chunk);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="wallet-ledger-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(`\uFEFF${chunks.join('')}`);
    },
  );

  r.post(
    '/api/billing/top-up',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary: 'Add money to the wallet by card',
        description:
          'Send an idempotencyKey (one per form opening): a repeat with the same key answers with the first payment and charges nothing more. Sandbox (TEST MODE): the card is checked like a Stripe test card and the wallet is credited at once, or 402 PAYMENT_DECLINED. Stripe: answers pending with the PaymentIntent client secret; the signed webhook credits the wallet. When Stripe cannot be reached: 503 PAYMENT_PROVIDER_UNAVAILABLE with Retry-After, nothing charged.',
        body: ZTopUpBody,
        response: { 200: ZPaymentResult, ...errors },
      },
    },
    async (request) =>
      startPayment({ db, provider, actor: await app.actor(request), amountCents: request.body.amount, card: request.body.card, idempotencyKey: request.body.idempotencyKey }),
  );

  r.get(
    '/api/billing/payments/:id',
    { config: { permission: 'wallet:read' }, schema: { tags: ['billing'], summary: "A card payment's status (the web waits here for Stripe's webhook)", params: ZPaymentIdParams, response: { 200: ZPaymentResult, ...errorResponses } } },
    async (request) => {
      const actor = await app.actor(request);
      const payment = await findPayment(db, request.params.id, actor.brandId);
      if (!payment) throw notFound('Payment');
      return paymentResult(db, payment);
    },
  );

  r.get(
    '/api/billing/profile',
    {
      config: { permission: 'billing:read' },
      schema: { tags: ['billing'], summary: "The brand's billing profile (who its invoices are made out to), or null", response: { 200: ZBillingProfileRead, ...errorResponses } },
    },
    async (request) => getBillingProfile(db, await app.actor(request)),
  );

  r.put(
    '/api/billing/profile',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary: "Save the brand's billing profile: legal name, address, tax id, tax label and rate",
        description: 'Invoices closed from now on carry it (and a tax line when a rate is set); closed invoices keep what they were issued with.',
        body: ZBillingProfileBody,
        response: { 200: ZBillingProfileRead, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      await saveBillingProfile(db, actor, request.body);
      return getBillingProfile(db, actor);
    },
  );

  r.get(
    '/api/billing/invoices',
    { config: { permission: 'billing:read' }, schema: { tags: ['billing'], summary: "The brand's monthly invoices, newest first (the open one included)", response: { 200: ZInvoiceList, ...errorResponses } } },
    async (request) => getInvoices(db, await app.actor(request)),
  );

  r.get(
    '/api/billing/invoices/:id',
    { config: { permission: 'billing:read' }, schema: { tags: ['billing'], summary: 'An invoice with its lines', params: ZInvoiceIdParams, response: { 200: ZInvoiceDetail, ...errorResponses } } },
    async (request) => getInvoice(db, await app.actor(request), request.params.id),
  );

  r.get(
    '/api/billing/invoices/:id/pdf',
    {
      config: { permission: 'billing:read' },
      schema: {
        tags: ['billing'],
        summary: 'The invoice as a PDF',
        params: ZInvoiceIdParams,
        response: { 200: fileResponse('The invoice PDF', ['application/pdf']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await getInvoicePdf(db, await app.actor(request), request.params.id, options.seller);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );

  r.post(
    '/api/billing/invoices/:id/pay',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary: 'Pay a closed invoice from the wallet or by card',
        description:
          'source wallet: 402 PAYMENT_REQUIRED with dueCents when the wallet is short. source card: like a top-up of the invoice amount, then the invoice is paid from it; one card payment per invoice at a time (a repeat while one is under way answers with that payment, once paid 409).',
        params: ZInvoiceIdParams,
        body: ZPayInvoiceBody,
        response: { 200: z.union([ZPaymentResult, ZOk]), ...errors },
      },
    },
    async (request) => {
      const actor = await app.actor(request);
      if (request.body.source === 'wallet') {
        if (request.body.card) throw invalid([{ path: 'card', message: 'not used when paying from the wallet' }]);
        await payInvoiceFromWallet(db, actor, request.params.id);
        return { ok: true as const };
      }
      return startPayment({ db, provider, actor, invoiceId: request.params.id, card: request.body.card });
    },
  );

  // Stripe signs the exact bytes it sent: this route reads its body raw (its own parser, in its own scope).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/billing/stripe/webhook',
      {
        // Stripe's own call: its Stripe-Signature is the check.
        config: { permission: 'public' },
        schema: {
          tags: ['billing'],
          summary: "Stripe's webhook (payment_intent.succeeded / payment_failed), verified by its Stripe-Signature",
          description: 'Idempotent by event id: a replayed or re-delivered event changes nothing. A missing or forged signature answers 400 naming stripe-signature; a signed body that is not a Stripe event (`[]`, an intent without amount…) answers 400 naming body.',
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) => {
        if (provider.name !== 'stripe') throw notFound('Stripe webhook (Stripe is not configured)');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          // A genuine event whose body is not one we can read names the body (the provider's AppError).
          if (error instanceof AppError) throw error;
          throw new AppError(400, ERROR_CODES.validation, 'The webhook signature does not verify', [
            { path: 'stripe-signature', message: error instanceof Error ? error.message.split('\n')[0]! : 'invalid signature' },
          ]);
        }
        const outcome = await handleProviderEvent(db, provider, event, request.log);
        return { received: true as const, outcome };
      },
    );
  });
}
