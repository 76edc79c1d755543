// The smart review module's public file (receipt-scan service, decision 0009).
export { smartReviewRoutes } from './smart-review.routes.js';
export { addReceipt, attachReceipt, type ReceiptToAttach } from './attach-receipt.js';
export { createOcrPool, englishModelDir, prepareReceiptImage, type OcrPool } from './ocr-pool.js';
export { queueReceiptReview, type SmartReviewDeps } from './smart-review-deps.js';
export { reviewReceipt } from './review-receipt.js';
