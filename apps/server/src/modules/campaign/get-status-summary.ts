import { CAMPAIGN_STATUSES, type TStatusSummary } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { countByStatus } from './campaign.repository.js';

export async function getStatusSummary({ db, brandId }: { db: Db; brandId: string }): Promise<TStatusSummary> {
  const counts = await countByStatus(db, brandId);
  const summary = { all: 0 } as TStatusSummary;
  for (const status of CAMPAIGN_STATUSES) {
    summary[status] = counts.get(status) ?? 0;
    summary.all += summary[status];
  }
  return summary;
}
