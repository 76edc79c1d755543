// The store module's public file: what other modules may use.
export { unknownStoreIds } from './store.repository.js';
export { findStore, insertStoreActivity, updateStoreFields, type StoreActivityChange, type StoreRow } from './store.repository.js';
export { toStoreDetailStore } from './store-operations.js';
export { createStoreCaches, type StoreCaches } from './store-caches.js';
