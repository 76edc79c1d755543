// The launch module's public file: what other modules may use.
export { chargePostpaidBudgets, payDueBudgetFromWallet, type DueBudgetPayment } from './pay-due-budget.js';
