import { V1_PAGE_SIZE, type TV1Unlock, type TV1UnlocksQuery } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { decodeCursor, pageOf } from '../../lib/cursor-page.js';
import type { RequestActor } from '../auth/index.js';
import { findCampaign } from '../campaign/index.js';
import { unlocksAfter } from './public-api.repository.js';

/** Rewards unlocked and codes issued in the brand's campaigns, in the order they happened, a page at a time. */
export async function listUnlocksPage(db: Db, actor: RequestActor, query: TV1UnlocksQuery): Promise<{ items: TV1Unlock[]; nextCursor: string | null }> {
  const limit = query.limit ?? V1_PAGE_SIZE.default;
  const after = decodeCursor<[number]>(query.cursor, ['number']);
  // A campaign of another brand is not found, rather than an empty page.
  if (query.campaignId !== undefined && !(await findCampaign(db, actor.brandId, query.campaignId))) throw notFound('Campaign');
  const rows = await unlocksAfter(db, actor.brandId, { afterId: after?.[0] ?? 0, campaignId: query.campaignId, limit: limit + 1 });
  return pageOf(rows, limit, (r) => [r.id], (r) => ({
    id: r.id,
    campaignId: r.campaignId,
    rewardId: r.rewardId,
    participant: r.storeUserId !== null ? { kind: 'store_user' as const, id: r.storeUserId } : r.consumerId !== null ? { kind: 'consumer' as const, id: r.consumerId } : null,
    completionId: r.completionId,
    code: r.code,
    amountCents: r.amountCents,
    unlockedAt: Math.floor(r.createdAt.getTime() / 1000),
  }));
}
