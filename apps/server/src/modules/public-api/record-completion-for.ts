import type { TPlayCompletionResult, TV1CompletionBody } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { ApiClient } from '../api-keys/index.js';
import { recordCompletion, type EngineCaches } from '../engine/index.js';
import { campaignReachingMe, loadParticipant } from '../play/index.js';

export interface RecordCompletionForOptions {
  db: Db;
  client: ApiClient;
  caches: { engine: EngineCaches; reaches: Parameters<typeof campaignReachingMe>[1] };
  body: TV1CompletionBody;
  idempotencyKey: string;
}

/**
 * A completion a brand's system enters for one of its participants: the participant must be the brand's and the
 * campaign must reach them (as /play checks), then the engine's one issuance path (recordCompletion → engine_issue)
 * grades it, keeps entry limits and issues what it unlocks — exactly as the participant's own submit. Idempotent:
 * the client's Idempotency-Key, in a namespace of its own (`api:`) so it never meets a key the participant's app sent;
 * the same key again answers the first result, with another body 409 IDEMPOTENCY_KEY_REUSED.
 */
export async function recordCompletionFor(o: RecordCompletionForOptions): Promise<{ result: TPlayCompletionResult; created: boolean }> {
  const { participant, campaignId, campaignMissionId, submission } = o.body;
  const who = await loadParticipant(o.db, participant.kind, participant.id);
  // Another brand's participant is simply not found.
  if (!who || who.brandId !== o.client.brandId) throw notFound('Participant');
  await campaignReachingMe(o.db, o.caches.reaches, who, campaignId);
  return recordCompletion({
    db: o.db,
    caches: o.caches.engine,
    participant: who,
    campaignId,
    campaignMissionId,
    body: submission,
    idempotencyKey: `api:${o.idempotencyKey}`,
    // The public API takes no photos: a receipt or photo answer naming an upload is refused.
    uploadExists: async () => false,
  });
}
