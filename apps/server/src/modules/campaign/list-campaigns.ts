import { CAMPAIGN_LIST_PAGE_SIZE, pageMeta, type TCampaignList, type TCampaignListQuery } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { CampaignPageAnchors } from './campaign-page-anchors.js';
import { toApiCampaign } from './campaign.mapper.js';
import { listCampaigns as listRows } from './campaign.repository.js';

export interface ListCampaignsOptions {
  db: Db;
  anchors: CampaignPageAnchors;
  brandId: string;
  query: TCampaignListQuery;
}

export async function listCampaigns({ db, anchors, brandId, query }: ListCampaignsOptions): Promise<TCampaignList> {
  const perPage = query.perPage ?? CAMPAIGN_LIST_PAGE_SIZE;
  const { rows, totalCount } = await listRows(db, anchors, brandId, {
    status: query.status,
    filter: query.filter,
    sort: query.sort,
    offset: (query.currentPage - 1) * perPage,
    limit: perPage,
  });
  return { items: rows.map(toApiCampaign), _meta: pageMeta(totalCount, query.currentPage, perPage) };
}
