// The media module's public file: what other modules may use.
export { createDiskStorage } from './media-storage.js';
