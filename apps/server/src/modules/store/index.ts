// The store module's public file: what other modules may use.
export { unknownStoreIds } from './store.repository.js';
