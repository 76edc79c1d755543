// The smart review feature's public file: the switch panel (launch modal, builder side column) and the review queue.
export { SmartReviewPanel } from './components/smart-review-panel';
/** The review queue page loads as its own chunk. */
export const loadReviewQueuePage = () => import('./components/review-queue-page');
