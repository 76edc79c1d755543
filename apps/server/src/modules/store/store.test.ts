import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ZApprovedGroupList,
  ZApprovedStoreList,
  ZErrorBody,
  ZManagedGroupList,
  ZManagedStore,
  ZManagedStoreList,
  ZStoreStatusSummary,
  type TApprovedStoreList,
} from '@rally/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let retailer: string;
let ownerBrand: string;

beforeAll(async () => {
  t = await createTestApp({ content: true });
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  ownerBrand = t.brandIds.owner;
  // The demo data has no rejected store; make sure each status is present.
  await t.database.rows(sql`update stores set status = 'rejected'
    where id = (select id from stores where brand_id = ${ownerBrand} and status = 'approved' order by id desc limit 1)`);
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

async function sqlIds(query: ReturnType<typeof sql>): Promise<number[]> {
  return (await t.database.rows<{ id: number }>(query)).map((r) => r.id);
}

async function approvedStores(cookie: string, query: string): Promise<TApprovedStoreList> {
  const res = await get(cookie, `/api/store/read/store/approved-list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZApprovedStoreList.parse(res.json());
}

/** Every row of an approved list, page by page. */
async function allApprovedStoreIds(cookie: string, query = ''): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const list = await approvedStores(cookie, `perPage=100&currentPage=${page}&${query}`);
    out.push(...ids(list.items));
    if (page >= list._meta.pageCount) return out;
  }
}

describe('approved store list', () => {
  it('lists every approved store of the brand and nothing pending, rejected or inactive', async () => {
    const listed = await allApprovedStoreIds(owner);
    const expected = await sqlIds(
      sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved' order by weight, id`,
    );
    expect(listed).toEqual(expected);
    const statuses = await t.database.rows<{ status: string }>(
      sql`select distinct status::text from stores where brand_id = ${ownerBrand}`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['approved', 'inactive', 'pending', 'rejected']);
  });

  it('pages 10 rows by default, by weight ascending, with the total in _meta', async () => {
    const list = await approvedStores(owner, '');
    const [{ n }] = (await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from stores where brand_id = ${ownerBrand} and status = 'approved'`,
    )) as [{ n: number }];
    expect(list.items).toHaveLength(10);
    expect(list._meta).toEqual({ totalCount: n, pageCount: Math.ceil(n / 10), currentPage: 1, perPage: 10 });
    const weights = list.items.map((s) => s.weight);
    expect(weights).toEqual([...weights].sort((a, b) => a - b));
  });

  it("never shows another brand's stores, and refuses their ids in selected", async () => {
    const retailerIds = new Set(await allApprovedStoreIds(retailer));
    const ownerIds = await allApprovedStoreIds(owner);
    expect(ownerIds.some((id) => retailerIds.has(id))).toBe(false);
    const res = await get(owner, `/api/store/read/store/approved-list?selected=${ownerIds[0]},${[...retailerIds][0]}`);
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['selected']);
  });

  it('searches name and address case-insensitively', async () => {
    const listed = await allApprovedStoreIds(owner, 'filter=PARIS');
    const expected = await sqlIds(sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved'
      and (name ilike '%paris%' or formatted_address ilike '%paris%') order by weight, id`);
    expect(expected.length).toBeGreaterThan(0);
    expect(listed).toEqual(expected);
    // An address-only match: a postal code appears in the address, never in a name.
    const [store] = await t.database.rows<{ postal_code: string }>(sql`select postal_code from stores
      where brand_id = ${ownerBrand} and status = 'approved' and postal_code <> '' order by id limit 1`);
    const byPostal = await approvedStores(owner, `filter=${encodeURIComponent(store!.postal_code)}`);
    expect(byPostal._meta.totalCount).toBeGreaterThan(0);
    expect(byPostal.items.every((s) => s.address.formattedAddress.includes(store!.postal_code))).toBe(true);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await approvedStores(owner, 'filter=%25')).items).toEqual([]);
    expect((await approvedStores(owner, 'filter=_')).items).toEqual([]);
  });

  it('sorts by name and by users in both orders, ties broken by id', async () => {
    const byNameAsc = await allApprovedStoreIds(owner, 'sort=storeName&order=asc');
    const byNameDesc = await allApprovedStoreIds(owner, 'sort=storeName&order=desc');
    expect(byNameAsc).toEqual(
      await sqlIds(sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved' order by name, id`),
    );
    expect(byNameDesc).toEqual(
      await sqlIds(
        sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved' order by name desc, id desc`,
      ),
    );
    const byUsersDesc = await approvedStores(owner, 'sort=totalUsers&order=desc&perPage=50');
    const users = byUsersDesc.items.map((s) => s.totalUsers);
    expect(users).toEqual([...users].sort((a, b) => b - a));
  });

  it('serves the last page with the remaining rows', async () => {
    const first = await approvedStores(owner, 'sort=storeName&order=desc');
    const last = await approvedStores(owner, `sort=storeName&order=desc&currentPage=${first._meta.pageCount}`);
    const all = await sqlIds(
      sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved' order by name desc, id desc`,
    );
    expect(ids(last.items)).toEqual(all.slice((first._meta.pageCount - 1) * 10));
    expect(last.items.length).toBe(all.length - (first._meta.pageCount - 1) * 10);
    const past = await approvedStores(owner, `currentPage=${first._meta.pageCount + 1}`);
    expect(past.items).toEqual([]);
    expect(past._meta.totalCount).toBe(all.length);
  });

  it('lists selected stores first, in list order, then the rest, paging across both', async () => {
    const all = await sqlIds(
      sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved' order by weight, id`,
    );
    const selected = [all[40]!, all[12]!, all[25]!];
    const query = `selected=${selected.join(',')}`;
    const page1 = await approvedStores(owner, query);
    const page2 = await approvedStores(owner, `${query}&currentPage=2`);
    const rest = all.filter((id) => !selected.includes(id));
    expect(ids(page1.items)).toEqual([all[12], all[25], all[40], ...rest.slice(0, 7)]);
    expect(ids(page2.items)).toEqual(rest.slice(7, 17));
    expect(page1._meta.totalCount).toBe(all.length);
  });

  it('leaves out a selected store that does not match the search, or is no longer approved', async () => {
    const [paris] = await sqlIds(sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved'
      and formatted_address ilike '%paris%' order by id limit 1`);
    const [other] = await sqlIds(sql`select id from stores where brand_id = ${ownerBrand} and status = 'approved'
      and name not ilike '%paris%' and formatted_address not ilike '%paris%' order by id limit 1`);
    const [pending] = await sqlIds(
      sql`select id from stores where brand_id = ${ownerBrand} and status = 'pending' order by id limit 1`,
    );
    const list = await approvedStores(owner, `filter=paris&selected=${other},${paris},${pending}&perPage=100`);
    expect(list.items[0]?.id).toBe(paris);
    expect(ids(list.items)).not.toContain(other);
    expect(ids(list.items)).not.toContain(pending);
  });

  it('names the field of a bad query', async () => {
    const res = await get(owner, '/api/store/read/store/approved-list?sort=secret');
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['sort']);
    const status = await get(owner, '/api/store/read/store/approved-list?status=pending');
    expect(status.statusCode).toBe(400);
    expect(ZErrorBody.parse(status.json()).error.fields.map((f) => f.path)).toEqual(['status']);
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store/read/store/approved-list' });
    expect(res.statusCode).toBe(401);
  });
});

describe('approved group list', () => {
  async function allGroups(cookie: string, query = '') {
    const res = await get(cookie, `/api/store/read/group/approved-list?perPage=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZApprovedGroupList.parse(res.json());
  }

  it("lists approved groups only, with their approved stores and those stores' users", async () => {
    const list = await allGroups(owner);
    const expected = await t.database.rows<{ id: number; stores: number; users: number }>(sql`
      select g.id, count(s.id)::int as stores, coalesce(sum(s.total_users), 0)::int as users
      from store_groups g
      left join store_group_members m on m.group_id = g.id
      left join stores s on s.id = m.store_id and s.status = 'approved'
      where g.brand_id = ${ownerBrand} and g.status = 'approved'
      group by g.id order by g.weight, g.id`);
    expect(ids(list.items)).toEqual(ids(expected));
    expect(list.items.map((g) => [g.totalStores, g.totalUsers])).toEqual(expected.map((g) => [g.stores, g.users]));
    expect(list.items.some((g) => g.name === 'Summer pop-ups 2023')).toBe(false);
  });

  it("never shows another brand's groups and refuses their ids in selected", async () => {
    const mine = ids((await allGroups(owner)).items);
    const theirs = ids((await allGroups(retailer)).items);
    expect(mine.some((id) => theirs.includes(id))).toBe(false);
    const res = await get(owner, `/api/store/read/group/approved-list?selected=${theirs[0]}`);
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields[0]?.path).toBe('selected');
  });

  it('searches names, sorts by totals both ways and lists selected groups first', async () => {
    const search = await allGroups(owner, 'filter=stores');
    expect(search.items.length).toBeGreaterThan(0);
    expect(search.items.every((g) => g.name.toLowerCase().includes('stores'))).toBe(true);
    const desc = await allGroups(owner, 'sort=totalStores&order=desc');
    expect(desc.items.map((g) => g.totalStores)).toEqual(desc.items.map((g) => g.totalStores).sort((a, b) => b - a));
    const asc = await allGroups(owner, 'sort=totalUsers&order=asc');
    expect(asc.items.map((g) => g.totalUsers)).toEqual(asc.items.map((g) => g.totalUsers).sort((a, b) => a - b));
    const last = asc.items[asc.items.length - 1]!;
    const selectedFirst = await allGroups(owner, `sort=totalUsers&order=asc&selected=${last.id}`);
    expect(selectedFirst.items[0]?.id).toBe(last.id);
    expect(selectedFirst._meta.totalCount).toBe(asc._meta.totalCount);
  });
});

describe('store management', () => {
  it('lists every status 15 to a page by name, or one status, sorted by any field', async () => {
    const res = await post(owner, '/api/store/read/store/list', {});
    expect(res.statusCode, res.body).toBe(200);
    const list = ZManagedStoreList.parse(res.json());
    const all = await sqlIds(sql`select id from stores where brand_id = ${ownerBrand} order by name, id`);
    expect(ids(list.items)).toEqual(all.slice(0, 15));
    expect(list._meta.totalCount).toBe(all.length);

    const pending = ZManagedStoreList.parse(
      (
        await post(owner, '/api/store/read/store/list', { status: 'pending', sort: '-totalUsers', perPage: 100 })
      ).json(),
    );
    expect(ids(pending.items)).toEqual(
      await sqlIds(
        sql`select id from stores where brand_id = ${ownerBrand} and status = 'pending' order by total_users desc, id desc`,
      ),
    );
  });

  it('filters by country and by group, and refuses a group of another brand', async () => {
    const fr = ZManagedStoreList.parse(
      (await post(owner, '/api/store/read/store/list', { filters: { countryCode: 'FR' }, perPage: 100 })).json(),
    );
    expect(fr.items.length).toBeGreaterThan(0);
    expect(fr.items.every((s) => s.countryCode === 'FR')).toBe(true);

    const [group] = await t.database.rows<{ id: number; n: number }>(sql`select g.id, count(m.store_id)::int as n
      from store_groups g join store_group_members m on m.group_id = g.id
      where g.brand_id = ${ownerBrand} and g.name = 'Texas' group by g.id`);
    const inGroup = ZManagedStoreList.parse(
      (await post(owner, '/api/store/read/store/list', { filters: { groupId: group!.id } })).json(),
    );
    expect(inGroup._meta.totalCount).toBe(group!.n);

    const [foreign] = await sqlIds(sql`select id from store_groups where brand_id = ${t.brandIds.retailer} limit 1`);
    const res = await post(owner, '/api/store/read/store/list', { filters: { groupId: foreign } });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.fields.map((f) => f.path)).toEqual(['filters.groupId']);
  });

  it('counts stores per status', async () => {
    const res = await get(owner, '/api/store/read/store/status-summary');
    expect(res.statusCode).toBe(200);
    const summary = ZStoreStatusSummary.parse(res.json());
    const rows = await t.database.rows<{ status: string; n: number }>(
      sql`select status::text, count(*)::int as n from stores where brand_id = ${ownerBrand} group by status`,
    );
    for (const r of rows) expect(summary[r.status as keyof typeof summary]).toBe(r.n);
    expect(summary.all).toBe(rows.reduce((sum, r) => sum + r.n, 0));
  });

  it('lists groups of every status, the retired one included', async () => {
    const res = await post(owner, '/api/store/read/group/list', { perPage: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const list = ZManagedGroupList.parse(res.json());
    expect(list.items.find((g) => g.name === 'Summer pop-ups 2023')?.status).toBe('inactive');
    const names = list.items.map((g) => g.name);
    expect(names).toEqual(
      (
        await t.database.rows<{ name: string }>(
          sql`select name from store_groups where brand_id = ${ownerBrand} order by name, id`,
        )
      ).map((r) => r.name),
    );
    const inactive = ZManagedGroupList.parse(
      (await post(owner, '/api/store/read/group/list', { status: 'inactive' })).json(),
    );
    expect(inactive.items.map((g) => g.name)).toEqual(['Summer pop-ups 2023']);
  });

  it('changes a status, and approved lists, summary, group totals and reach follow at once', async () => {
    // Warm every cache first, so the test shows they do not serve the old answer.
    const [store] = await t.database.rows<{ id: number; total_users: number; group_id: number }>(sql`
      select s.id, s.total_users, m.group_id from stores s join store_group_members m on m.store_id = s.id
      join store_groups g on g.id = m.group_id and g.status = 'approved'
      where s.brand_id = ${ownerBrand} and s.status = 'approved' order by s.id limit 1`);
    const before = {
      listed: await allApprovedStoreIds(owner),
      summary: ZStoreStatusSummary.parse((await get(owner, '/api/store/read/store/status-summary')).json()),
      reach: (await post(owner, '/api/store/service/reach', { scope: 'all' })).json(),
      group: ZApprovedGroupList.parse(
        (await get(owner, '/api/store/read/group/approved-list?perPage=100')).json(),
      ).items.find((g) => g.id === store!.group_id)!,
    };
    expect(before.listed).toContain(store!.id);

    const res = await post(owner, '/api/store/write/store/change-status', {
      storeBrandId: store!.id,
      status: 'inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZManagedStore.parse(res.json())).toMatchObject({
      id: store!.id,
      storeBrandId: store!.id,
      status: 'inactive',
    });

    expect(await allApprovedStoreIds(owner)).not.toContain(store!.id);
    const summary = ZStoreStatusSummary.parse((await get(owner, '/api/store/read/store/status-summary')).json());
    expect(summary.approved).toBe(before.summary.approved - 1);
    expect(summary.inactive).toBe(before.summary.inactive + 1);
    const reach = (await post(owner, '/api/store/service/reach', { scope: 'all' })).json();
    expect(reach).toEqual({
      ...before.reach,
      stores: before.reach.stores - 1,
      users: before.reach.users - store!.total_users,
    });
    const group = ZApprovedGroupList.parse(
      (await get(owner, '/api/store/read/group/approved-list?perPage=100')).json(),
    ).items.find((g) => g.id === store!.group_id)!;
    expect(group.totalStores).toBe(before.group.totalStores - 1);
    expect(group.totalUsers).toBe(before.group.totalUsers - store!.total_users);

    await post(owner, '/api/store/write/store/change-status', { storeBrandId: store!.id, status: 'approved' });
    expect(await allApprovedStoreIds(owner)).toEqual(before.listed);
    expect((await post(owner, '/api/store/service/reach', { scope: 'all' })).json()).toEqual(before.reach);
  });

  it("answers 404 for another brand's store and leaves it alone", async () => {
    const [foreign] = await t.database.rows<{ id: number; status: string }>(
      sql`select id, status::text from stores where brand_id = ${t.brandIds.retailer} order by id limit 1`,
    );
    const res = await post(owner, '/api/store/write/store/change-status', {
      storeBrandId: foreign!.id,
      status: 'rejected',
    });
    expect(res.statusCode).toBe(404);
    const [after] = await t.database.rows<{ status: string }>(
      sql`select status::text from stores where id = ${foreign!.id}`,
    );
    expect(after?.status).toBe(foreign!.status);
  });

  it('refuses a change of status without a session, or to an unknown status', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/store/write/store/change-status',
      payload: { storeBrandId: 1, status: 'approved' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await post(owner, '/api/store/write/store/change-status', { storeBrandId: 1, status: 'archived' });
    expect(bad.statusCode).toBe(400);
    expect(ZErrorBody.parse(bad.json()).error.fields.map((f) => f.path)).toEqual(['status']);
  });
});
