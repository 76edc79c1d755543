// The media module's public file: what other modules may use.
export { createDiskStorage, type MediaStorage } from './media-storage.js';
