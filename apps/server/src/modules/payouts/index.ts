// The payouts module's public file: what app.ts uses.
export { payoutRoutes } from './payouts.routes.js';
export { createPayoutProvider } from './create-payout-provider.js';
export type { PayoutProvider } from './payout-provider.js';
// A participant deleting their account gives up this balance (decision 0027): play reads it through app.ts.
export { lockBalance } from './payouts.repository.js';
