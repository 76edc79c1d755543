// The payouts module's public file: what app.ts uses.
export { payoutRoutes } from './payouts.routes.js';
export { createPayoutProvider } from './create-payout-provider.js';
export type { PayoutProvider } from './payout-provider.js';
