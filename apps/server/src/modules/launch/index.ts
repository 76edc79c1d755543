// The launch module's public file: what other modules may use.
export { chargePostpaidBudgets, payDueBudgetFromWallet, type DueBudgetPayment } from './pay-due-budget.js';
export { changeCampaignStatus, type CalculateReach, type CheckPlaces } from './change-campaign-status.js';
