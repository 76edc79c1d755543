// The engine's public surface for other modules (the play routes use its files directly, see eslint.config.js).
export { leaderboardPage } from './leaderboard.js';
export { settlePendingCompletion, type SettleResult } from './settle-pending-completion.js';
export { checkFinishCriteria } from './finish-campaign.js';
export { givePrize, type PrizeGift } from './give-prize.js';
export type { PendingReceipt } from './record-completion.js';
export { rankOf } from './leaderboard.js';
export type { ContestCaches } from './rank-index.js';
export { createEngineCaches, type EngineCaches, type EngineStaticParts, type RememberedState } from './engine-caches.js';
export { receiptRequiredFor, recordCompletion } from './record-completion.js';
export { type ParticipantRef, participantKey } from './engine.repository.js';
