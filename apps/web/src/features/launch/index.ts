// The launch feature's public file: what other features may use.

/** The launch modal is heavy and opened rarely, so it loads as its own chunk. */
export const loadLaunchModal = () => import('./components/launch-modal');

/** What a campaign owes and holds (the builder's money card reads it too). */
export { fetchBudgetStatus } from './api/launch-api';
