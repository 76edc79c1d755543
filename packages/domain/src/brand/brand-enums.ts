export const PAYMENT_PLANS = ['prepaid', 'postpaid'] as const;
export type TPaymentPlan = (typeof PAYMENT_PLANS)[number];
export const DEFAULT_PAYMENT_PLAN: TPaymentPlan = 'prepaid';

export const LEDGER_ENTRY_KINDS = ['topup', 'budget_debit', 'refund', 'smart_review_debit', 'adjustment'] as const;
export const INVOICE_STATUSES = ['unpaid', 'paid', 'void'] as const;
export const INVOICE_KINDS = ['budget', 'smart_review', 'topup'] as const;
