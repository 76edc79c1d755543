import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZCampaign, ZCampaignList, ZErrorBody, ZStatusSummary, type TCampaign } from '@rally/domain';
import { brands, campaignMissions, campaigns, missions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let retailer: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
});
afterAll(() => t.close());

async function createDraft(cookie: string, type: string) {
  return t.app.inject({ method: 'POST', url: '/api/campaign/create-draft', headers: { cookie }, payload: { type } });
}

async function insertCampaign(brandId: string, values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({ brandId, publicUid: `p${Math.random().toString(36).slice(2)}`, type: 'general', ...values })
    .returning();
  return row!;
}

describe('create draft', () => {
  it('creates a draft of each allowed type', async () => {
    for (const type of ['general', 'contest', 'learning', 'consumer']) {
      const res = await createDraft(owner, type);
      expect(res.statusCode).toBe(201);
      const c = ZCampaign.parse(res.json());
      expect(c).toMatchObject({ type, status: 'draft', sharedCampaign: false, timeZone: 'America/New_York' });
      expect(c.finishCriteria).toEqual(['days_over']);
    }
  });

  it("dates a new draft in the brand's own time zone", async () => {
    await t.database.db.update(brands).set({ timeZone: 'America/Toronto' }).where(eq(brands.id, t.brandIds.retailer));
    const res = await createDraft(retailer, 'general');
    expect(ZCampaign.parse(res.json()).timeZone).toBe('America/Toronto');
  });

  it('creates a shared campaign as a shared contest for a retailer', async () => {
    const res = await createDraft(retailer, 'shared');
    expect(res.statusCode).toBe(201);
    expect(ZCampaign.parse(res.json())).toMatchObject({ type: 'contest', sharedCampaign: true });
  });

  it('refuses a shared campaign to a brand that is not a retailer', async () => {
    const res = await createDraft(owner, 'shared');
    expect(res.statusCode).toBe(403);
    expect(ZErrorBody.parse(res.json()).error.fields[0]?.path).toBe('type');
  });

  it('refuses a consumer campaign to a brand without the consumer flag', async () => {
    const res = await createDraft(retailer, 'consumer');
    expect(res.statusCode).toBe(403);
  });

  it('names the field when the type is unknown', async () => {
    const res = await createDraft(owner, 'mystery');
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['type']);
  });
});

describe('list and status summary', () => {
  let brandId: string;
  beforeAll(async () => {
    // A brand of its own keeps the counts of this block exact.
    const partner = await t.signIn('partner@partner.test');
    brandId = t.brandIds.partner;
    const statuses = ['draft', 'draft', 'scheduled', 'rejected', 'active', 'ended', 'ended'] as const;
    for (const [i, status] of statuses.entries()) {
      await insertCampaign(brandId, { status, name: `Campaign ${String.fromCharCode(65 + i)} ${status}` });
    }
    await insertCampaign(brandId, { status: 'active', name: 'Spring 100%_promo' });
    void partner;
  });

  it('counts campaigns per status', async () => {
    const cookie = await t.signIn('partner@partner.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/campaign/status-summary', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(ZStatusSummary.parse(res.json())).toEqual({ all: 8, draft: 2, scheduled: 1, rejected: 1, active: 2, ended: 2 });
  });

  it('filters by status, pages and reports totals', async () => {
    const cookie = await t.signIn('partner@partner.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/campaign/bundle?status=ended&currentPage=1&perPage=1&sort=name',
      headers: { cookie },
    });
    const list = ZCampaignList.parse(res.json());
    expect(list._meta).toEqual({ totalCount: 2, pageCount: 2, currentPage: 1, perPage: 1 });
    expect(list.items[0]?.name).toBe('Campaign F ended');
    const page2 = ZCampaignList.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/campaign/bundle?status=ended&currentPage=2&perPage=1&sort=name',
          headers: { cookie },
        })
      ).json(),
    );
    expect(page2.items[0]?.name).toBe('Campaign G ended');
  });

  it('searches names literally, treating % and _ as text', async () => {
    const cookie = await t.signIn('partner@partner.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?filter=100%25_', headers: { cookie } });
    const list = ZCampaignList.parse(res.json());
    expect(list.items.map((c) => c.name)).toEqual(['Spring 100%_promo']);
  });

  it('sorts by name descending', async () => {
    const cookie = await t.signIn('partner@partner.test');
    const list = ZCampaignList.parse(
      (await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?sort=-name&perPage=3', headers: { cookie } })).json(),
    );
    expect(list.items.map((c) => c.name)).toEqual(['Spring 100%_promo', 'Campaign G ended', 'Campaign F ended']);
  });

  it('rejects an unknown sort and an unknown query field, naming them', async () => {
    const cookie = await t.signIn('partner@partner.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?sort=password&color=red', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    const paths = ZErrorBody.parse(res.json()).error.fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['sort', 'color']));
  });
});

describe('duplicate', () => {
  it('copies type, settings and missions into a new draft named "Copy of …"', async () => {
    const source = await insertCampaign(t.brandIds.owner, {
      name: 'Holiday push',
      type: 'contest',
      status: 'ended',
      timeZone: 'Europe/Madrid',
      finishCriteria: ['budget_over'],
    });
    const [mission] = await t.database.db
      .insert(missions)
      .values({ brandId: t.brandIds.owner, title: 'Sell the most', type: 'contest', status: 'ready', isCompleteFill: true })
      .returning();
    await t.database.db
      .insert(campaignMissions)
      .values({ brandId: t.brandIds.owner, campaignId: source.id, missionId: mission!.id, order: 0 });
    const res = await t.app.inject({ method: 'POST', url: `/api/campaign/${source.id}/duplicate`, headers: { cookie: owner } });
    expect(res.statusCode).toBe(201);
    const copy: TCampaign = ZCampaign.parse(res.json());
    expect(copy).toMatchObject({
      name: 'Copy of Holiday push',
      status: 'draft',
      type: 'contest',
      timeZone: 'Europe/Madrid',
      finishCriteria: ['budget_over'],
      startDate: null,
    });
    expect(copy.id).not.toBe(source.id);
    const copied = await t.database.db.select().from(campaignMissions).where(eq(campaignMissions.campaignId, copy.id));
    expect(copied).toHaveLength(1);
  });
});

describe('delete', () => {
  it('deletes a draft through the status call and through delete-campaign', async () => {
    const a = await insertCampaign(t.brandIds.owner);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/campaign/${a.id}/status`,
      headers: { cookie: owner },
      payload: { action: 'delete', bundleId: a.id },
    });
    expect(res.statusCode).toBe(200);
    const b = await insertCampaign(t.brandIds.owner, { status: 'rejected' });
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/v3/bundle/delete-campaign',
      headers: { cookie: owner },
      payload: { bundleId: b.id },
    });
    expect(res2.statusCode).toBe(200);
    const left = await t.database.db.select().from(campaigns).where(eq(campaigns.id, a.id));
    expect(left).toHaveLength(0);
  });

  it('refuses to delete an active campaign with 409 and keeps it', async () => {
    const c = await insertCampaign(t.brandIds.owner, { status: 'active' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/campaign/${c.id}/status`,
      headers: { cookie: owner },
      payload: { action: 'delete', bundleId: c.id },
    });
    expect(res.statusCode).toBe(409);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('ILLEGAL_TRANSITION');
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id))).toHaveLength(1);
  });

  it('names bundleId when it does not match the path', async () => {
    const c = await insertCampaign(t.brandIds.owner);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/campaign/${c.id}/status`,
      headers: { cookie: owner },
      payload: { action: 'delete', bundleId: c.id + 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields[0]?.path).toBe('bundleId');
  });

  it('lets a plain member delete a draft (members build campaigns; only launching is reserved)', async () => {
    // Members of a brand build campaigns, so deletion of a draft is allowed to them.
    const cookie = await t.signIn('owner@brand.test');
    await t.app.inject({ method: 'POST', url: '/api/me/brand', headers: { cookie }, payload: { brandId: t.brandIds.outlet } });
    const c = await insertCampaign(t.brandIds.outlet);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/bundle/delete-campaign',
      headers: { cookie },
      payload: { bundleId: c.id },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('tenant isolation', () => {
  it("answers 404 on every campaign route for another brand's campaign", async () => {
    const foreign = await insertCampaign(t.brandIds.retailer, { name: 'Retailer secret' });
    const calls = [
      { method: 'POST' as const, url: `/api/campaign/${foreign.id}/duplicate` },
      { method: 'PUT' as const, url: `/api/campaign/${foreign.id}/status`, payload: { action: 'delete', bundleId: foreign.id } },
      { method: 'POST' as const, url: '/api/v3/bundle/delete-campaign', payload: { bundleId: foreign.id } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { cookie: owner } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const list = ZCampaignList.parse(
      (await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?filter=Retailer%20secret', headers: { cookie: owner } })).json(),
    );
    expect(list.items).toHaveLength(0);
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.id, foreign.id))).toHaveLength(1);
  });

  it('requires a session on every campaign route', async () => {
    for (const [method, url] of [
      ['GET', '/api/campaign/bundle'],
      ['GET', '/api/campaign/status-summary'],
      ['POST', '/api/campaign/create-draft'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { type: 'general' } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
