import { V1_PAGE_SIZE, type TCampaign, type TV1PageQuery } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { decodeCursor, pageOf } from '../../lib/cursor-page.js';
import type { RequestActor } from '../auth/index.js';
import { toApiCampaign } from '../campaign/index.js';
import { campaignsAfter } from './public-api.repository.js';

/** The brand's campaigns, oldest first, a page at a time by cursor (a campaign made meanwhile comes on a later page). */
export async function listCampaignsPage(db: Db, actor: RequestActor, query: TV1PageQuery): Promise<{ items: TCampaign[]; nextCursor: string | null }> {
  const limit = query.limit ?? V1_PAGE_SIZE.default;
  const after = decodeCursor<[number]>(query.cursor, ['number']);
  const rows = await campaignsAfter(db, actor.brandId, after?.[0] ?? 0, limit + 1);
  return pageOf(rows, limit, (r) => [r.id], toApiCampaign);
}
