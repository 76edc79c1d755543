// The billing module's public file: every wallet movement and invoice charge goes through these.
export { debitWallet, creditWallet, accrueInvoiceLine, type WalletMove, type WalletMoveResult, type InvoiceLineInput } from './wallet-ledger.js';
export { PaymentDueError } from './payment-due-error.js';
export { checkUnpaidInvoices } from './check-unpaid-invoices.js';
export { findBrandWallet, ledgerSum, type BrandWallet } from './billing.repository.js';
export { formatCents } from './money.js';
export { returnUnspentBudget, unspentBudgetChanges, type UnspentBudgetReturned } from './return-unspent-budget.js';
export { settleCampaignMoney, campaignMoney, type CampaignMoneyBack } from './settle-campaign-money.js';
export { billingRoutes, type BillingRoutesOptions } from './billing.routes.js';
export { createPaymentProvider } from './create-payment-provider.js';
export type { PaymentProvider } from './payment-provider.js';
export { closeInvoices } from './close-invoices.js';
