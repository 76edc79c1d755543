export * from './auth.js';
export * from './stores.js';
export * from './campaigns.js';
export * from './missions.js';
export * from './rewards.js';
export * from './media.js';
export * from './billing.js';
export * from './runtime.js';
