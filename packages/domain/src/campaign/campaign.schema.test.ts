import { describe, expect, it } from 'vitest';
import { ZCampaignListQuery, ZCampaignName, ZCreateDraftBody, ZSelectedCountry, ZStatusSummary } from './campaign.schema.js';

describe('ZCampaignName', () => {
  it('accepts 50 characters and rejects 51', () => {
    expect(ZCampaignName.safeParse('x'.repeat(50)).success).toBe(true);
    expect(ZCampaignName.safeParse('x'.repeat(51)).success).toBe(false);
  });
});

describe('ZCampaignListQuery', () => {
  it('defaults to page 1 sorted newest first', () => {
    expect(ZCampaignListQuery.parse({})).toEqual({ currentPage: 1, sort: '-createdAt' });
  });
  it('coerces numbers from the query string', () => {
    expect(ZCampaignListQuery.parse({ currentPage: '3', perPage: '20' })).toMatchObject({ currentPage: 3, perPage: 20 });
  });
  it('rejects a page size above 100, an unknown sort and unknown fields', () => {
    expect(ZCampaignListQuery.safeParse({ perPage: '101' }).success).toBe(false);
    expect(ZCampaignListQuery.safeParse({ sort: 'secret' }).success).toBe(false);
    expect(ZCampaignListQuery.safeParse({ page: '1' }).success).toBe(false);
  });
  it('accepts each sort field in both directions', () => {
    for (const sort of ['name', '-name', 'createdAt', '-startDate', 'endDate', 'status']) {
      expect(ZCampaignListQuery.safeParse({ sort }).success, sort).toBe(true);
    }
  });
});

describe('ZCreateDraftBody', () => {
  it('accepts the five create types only', () => {
    for (const type of ['general', 'contest', 'learning', 'consumer', 'shared']) {
      expect(ZCreateDraftBody.safeParse({ type }).success).toBe(true);
    }
    expect(ZCreateDraftBody.safeParse({ type: 'itemSold' }).success).toBe(false);
    expect(ZCreateDraftBody.safeParse({ type: 'general', extra: 1 }).success).toBe(false);
  });
});

describe('ZSelectedCountry', () => {
  it('needs a two-letter upper-case code', () => {
    expect(ZSelectedCountry.safeParse({ name: 'Spain', code: 'ES', placeId: 'country:ES' }).success).toBe(true);
    expect(ZSelectedCountry.safeParse({ name: 'Spain', code: 'esp', placeId: 'country:ES' }).success).toBe(false);
  });
});

describe('ZStatusSummary', () => {
  it('has a count for all and every status', () => {
    const parsed = ZStatusSummary.parse({ all: 3, draft: 1, scheduled: 0, rejected: 0, active: 1, ended: 1 });
    expect(parsed.all).toBe(3);
    expect(ZStatusSummary.safeParse({ all: 1 }).success).toBe(false);
  });
});
