export { buildApp, type BuildAppOptions } from './app.js';
export { loadEnv, type Env } from './config/env.js';
export { createDatabase, type Database, type Db } from './db/client.js';
export { seedDemo, seedDemoIfEmpty } from './seed/seed-demo.js';
export * as dbSchema from './db/schema/index.js';
export { insertBrand, insertMember, insertPasswordUser } from './seed/demo-accounts.js';
export { recordCompletion } from './modules/engine/record-completion.js';
export { createOcrPool, prepareReceiptImage, type OcrPool } from './modules/smart-review/index.js';
export { randomReceiptSpec, renderReceipt, receiptTotalCents, RECEIPT_FONTS, type ReceiptSpec } from './testing/receipt-image.js';
