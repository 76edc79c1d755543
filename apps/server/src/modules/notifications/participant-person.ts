import type { ParticipantRef } from '../engine/index.js';
import { participantKey } from '../engine/index.js';
import type { Person } from './notifications.repository.js';

/** The participant as the notification tables name them (the engine's participant key and its column). */
export function personOf(p: ParticipantRef): Person {
  return {
    key: participantKey(p),
    brandId: p.brandId,
    storeUserId: p.kind === 'store_user' ? p.id : null,
    consumerId: p.kind === 'consumer' ? p.id : null,
  };
}
