export const PAYMENT_PLANS = ['prepaid', 'postpaid'] as const;
export type TPaymentPlan = (typeof PAYMENT_PLANS)[number];
export const DEFAULT_PAYMENT_PLAN: TPaymentPlan = 'prepaid';

/**
 * Every wallet movement has one of these kinds (product rule R-billing): top-up, campaign budget paid
 * (budget_debit), a partner's slice of a shared campaign, refund of an unspent budget, smart-review fee,
 * payment of a closed invoice, and a manual correction.
 */
export const LEDGER_ENTRY_KINDS = ['topup', 'budget_debit', 'refund', 'smart_review_debit', 'adjustment', 'partner_slice', 'invoice_payment'] as const;
export type TLedgerKind = (typeof LEDGER_ENTRY_KINDS)[number];
/** open: the month's invoice still taking lines; unpaid: closed (numbered, PDF, mailed); paid; void. */
export const INVOICE_STATUSES = ['unpaid', 'paid', 'void', 'open'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['budget', 'smart_review', 'topup', 'monthly'] as const;
/** What an invoice line charges: a postpaid campaign budget (or its unspent part credited back), a smart-review fee. */
/** tax: the brand's tax rate on the month (billing profile); credit_carried: a negative month's credit moved to the next. */
export const INVOICE_LINE_KINDS = ['budget', 'budget_credit', 'smart_review', 'tax', 'credit_carried'] as const;
export type TInvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** Currencies a brand can hold its wallet and invoices in (ISO 4217, all with 2 decimals). */
export const BRAND_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'MXN'] as const;
export type TBrandCurrency = (typeof BRAND_CURRENCIES)[number];
export const DEFAULT_CURRENCY: TBrandCurrency = 'USD';
