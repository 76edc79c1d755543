import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createCampaignPageAnchors, listAnchors } from './campaign-page-anchors.js';
import { insertCampaign, listCampaigns } from './campaign.repository.js';

let t: TestApp;
let brandId: string;
type Row = { id: number; name: string; status: string; createdAt: Date };
let all: Row[];
const STATUSES = ['draft', 'scheduled', 'rejected', 'active', 'ended'] as const;

beforeAll(async () => {
  t = await createTestApp();
  brandId = t.brandIds.partner;
  const base = Date.UTC(2026, 0, 1);
  // Repeated names and timestamps (down to the microsecond) make ties that only the id breaks.
  const values = Array.from({ length: 157 }, (_, i) => ({
    brandId,
    publicUid: `pages-${i}`,
    type: 'general' as const,
    name: `Campaign ${String((i * 37) % 23).padStart(2, '0')}`,
    status: STATUSES[(i * 7) % 5]!,
    createdAt: new Date(base + ((i * 13) % 41) * 1000),
  }));
  await t.database.db.insert(campaigns).values(values);
  const rows = await t.database.db.select().from(campaigns);
  all = rows.filter((r) => r.brandId === brandId).map((r) => ({ id: r.id, name: r.name, status: r.status, createdAt: r.createdAt }));
  listAnchors.stride = 7;
});
afterAll(async () => {
  listAnchors.stride = 1000;
  await t.close();
});

const STATUS_ORDER = Object.fromEntries(STATUSES.map((s, i) => [s, i]));
function expected(sort: string, status?: string): number[] {
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  const key = (r: Row): number | string =>
    field === 'createdAt' ? r.createdAt.getTime() : field === 'status' ? STATUS_ORDER[r.status]! : r.name;
  const rows = all.filter((r) => !status || r.status === status);
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
    return desc ? -c : c;
  });
  return rows.map((r) => r.id);
}

describe('campaign pages that seek from anchors', () => {
  it.each(['-createdAt', 'createdAt', 'name', '-name', 'status', '-status'])(
    'gives exactly the rows of plain offset paging for every page (sort %s)',
    async (sort) => {
      // Stride 7: every page seeks from an anchor; a stride past the end: plain offsets, deferred join past row 20.
      for (const [stride, status] of [[7, undefined], [7, 'ended'], [1_000_000, undefined], [1_000_000, 'ended']] as const) {
        listAnchors.stride = stride;
        // Anchors taken at another stride would be wrong: a fresh set.
        const anchors = createCampaignPageAnchors(t.app.caches.revisions);
        const want = expected(sort, status);
        const got: number[] = [];
        for (let offset = 0; offset < want.length + 10; offset += 10) {
          const { rows, totalCount } = await listCampaigns(t.database.db, anchors, brandId, { sort, status, offset, limit: 10 });
          expect(totalCount).toBe(want.length);
          got.push(...rows.map((r) => r.id));
        }
        expect(got).toEqual(want);
      }
    },
  );

  it('sees a campaign this process created after the anchors were taken (its writes drop them)', async () => {
    listAnchors.stride = 7;
    const anchors = createCampaignPageAnchors(t.app.caches.revisions);
    await listCampaigns(t.database.db, anchors, brandId, { sort: 'createdAt', offset: 150, limit: 10 });
    // A write outside a request, told to the caches as the scheduler's jobs are.
    const late = await t.app.caches.asWrite(() =>
      insertCampaign(t.database.db, {
        brandId,
        publicUid: 'pages-late',
        type: 'general',
        name: 'Late',
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      }),
    );
    all.push({ id: late.id, name: late.name, status: late.status, createdAt: late.createdAt });
    const { rows } = await listCampaigns(t.database.db, anchors, brandId, { sort: 'createdAt', offset: 150, limit: 10 });
    expect(rows.map((r) => r.id)).toEqual(expected('createdAt').slice(150, 160));
  });

  it('sees a campaign created through the API after the list’s anchors were taken', async () => {
    listAnchors.stride = 7;
    const cookie = await t.signIn('partner@partner.test');
    const page = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?sort=-createdAt&currentPage=16&perPage=10', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { items: { id: number }[] }).items.map((c) => c.id);
    };
    await page();
    const created = await t.app.inject({ method: 'POST', url: '/api/campaign/create-draft', headers: { cookie }, payload: { type: 'general' } });
    expect(created.statusCode).toBe(201);
    const fresh = (created.json() as { id: number; name: string; status: string; createdAt: number }).id;
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, fresh));
    all.push({ id: row!.id, name: row!.name, status: row!.status, createdAt: row!.createdAt });
    // The newest campaign comes first, so every later page moves by one row.
    expect(await page()).toEqual(expected('-createdAt').slice(150, 160));
  });
});
