import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZErrorBody, ZPlaceDetails, ZReachResponse, countryPlaceId, type TReach } from '@rally/domain';
import { REVISION_POLL_MS } from '../../lib/revision-watch.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let brand: string;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp({ content: true, onQuery: () => (statements += 1) });
  owner = await t.signIn('owner@brand.test');
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const reach = (payload: object, cookie = owner) =>
  t.app.inject({ method: 'POST', url: '/api/store/service/reach', headers: { cookie }, payload });

async function reachOk(payload: object): Promise<TReach> {
  const res = await reach(payload);
  expect(res.statusCode, res.body).toBe(200);
  return ZReachResponse.parse(res.json());
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await t.database.rows<T>(query);
  return row!;
}

const intList = (ids: number[]) => sql.raw(`array[${ids.map((id) => Math.trunc(id)).join(',')}]::int[]`);

/** The reach of some stores, counted straight from the tables. */
function expectedForStores(storeIds: ReturnType<typeof sql>) {
  return one<TReach>(sql`
    with reached as (select id, total_users from stores where brand_id = ${brand} and status = 'approved' and id in (${storeIds}))
    select (select count(distinct m.group_id)::int from store_group_members m
              join store_groups g on g.id = m.group_id and g.status = 'approved'
              where m.store_id in (select id from reached)) as groups,
           (select count(*)::int from reached) as stores,
           (select coalesce(sum(total_users), 0)::int from reached) as users`);
}

describe('reach', () => {
  it('reaches every approved store, its users and every approved group with scope all', async () => {
    const expected = await one<TReach>(sql`select
      (select count(*)::int from store_groups where brand_id = ${brand} and status = 'approved') as groups,
      count(*)::int as stores, sum(total_users)::int as users
      from stores where brand_id = ${brand} and status = 'approved'`);
    expect(expected.stores).toBeGreaterThan(0);
    expect(await reachOk({ scope: 'all' })).toEqual(expected);
  });

  it('reaches the approved ones of the given stores, and the approved groups holding them', async () => {
    const approved = (
      await t.database.rows<{ id: number }>(
        sql`select id from stores where brand_id = ${brand} and status = 'approved' order by id limit 7`,
      )
    ).map((r) => r.id);
    const [pending] = await t.database.rows<{ id: number }>(
      sql`select id from stores where brand_id = ${brand} and status = 'pending' limit 1`,
    );
    const pks = [...approved, pending!.id];
    const got = await reachOk({ scope: 'store', pks });
    expect(got).toEqual(await expectedForStores(sql`select unnest(${intList(pks)})`));
    expect(got.stores).toBe(7);
  });

  it('counts a store once however many chosen groups hold it, and leaves out retired groups', async () => {
    const groups = await t.database.rows<{ id: number; name: string }>(sql`select id, name from store_groups
      where brand_id = ${brand} and name in ('United States', 'Texas', 'Summer pop-ups 2023')`);
    expect(groups).toHaveLength(3);
    const pks = groups.map((g) => g.id);
    const expected = await one<TReach>(sql`
      with reached as (
        select distinct s.id, s.total_users from stores s
        join store_group_members m on m.store_id = s.id
        join store_groups g on g.id = m.group_id and g.status = 'approved'
        where g.id = any(${intList(pks)}) and s.status = 'approved')
      select 2 as groups, (select count(*)::int from reached) as stores, (select coalesce(sum(total_users), 0)::int from reached) as users`);
    const got = await reachOk({ scope: 'group', pks });
    expect(got).toEqual(expected);
    // Texas lies inside the United States: the union is the United States group alone.
    const us = groups.find((g) => g.name === 'United States')!;
    const usOnly = await reachOk({ scope: 'group', pks: [us.id] });
    expect({ stores: got.stores, users: got.users }).toEqual({ stores: usOnly.stores, users: usOnly.users });
  });

  it('narrows to approved stores in the given countries for consumer campaigns', async () => {
    const expected = await expectedForStores(
      sql`select id from stores where brand_id = ${brand} and country_code in ('FR', 'ES')`,
    );
    expect(expected.stores).toBeGreaterThan(0);
    expect(await reachOk({ scope: 'all', countryCodes: ['FR', 'ES'] })).toEqual(expected);
    expect(await reachOk({ scope: 'all', countryCodes: ['JP'] })).toEqual({ groups: 0, stores: 0, users: 0 });
  });

  it('narrows a store or group scope to the given countries', async () => {
    const picked = (
      await t.database.rows<{ id: number }>(sql`select id from stores where brand_id = ${brand} and status = 'approved'
        and country_code in ('FR', 'DE') order by id limit 12`)
    ).map((r) => r.id);
    expect(await reachOk({ scope: 'store', pks: picked, countryCodes: ['FR'] })).toEqual(
      await expectedForStores(sql`select id from stores where id = any(${intList(picked)}) and country_code = 'FR'`),
    );
    const groups = (
      await t.database.rows<{ id: number }>(
        sql`select id from store_groups where brand_id = ${brand} and name in ('Europe', 'Paris')`,
      )
    ).map((r) => r.id);
    const inFrance = await expectedForStores(sql`select m.store_id from store_group_members m
      join stores s on s.id = m.store_id where m.group_id = any(${intList(groups)}) and s.country_code = 'FR'`);
    // Both groups hold French stores; the figures are theirs, each store once.
    expect(await reachOk({ scope: 'group', pks: groups, countryCodes: ['FR'] })).toEqual({ ...inFrance, groups: 2 });
    expect(await reachOk({ scope: 'group', pks: groups, countryCodes: ['JP'] })).toEqual({
      groups: 0,
      stores: 0,
      users: 0,
    });
  });

  it('gives the same figures whatever the order or repeats of the ids', async () => {
    const pks = (
      await t.database.rows<{ id: number }>(
        sql`select id from stores where brand_id = ${brand} and status = 'approved' order by id desc limit 5`,
      )
    ).map((r) => r.id);
    const a = await reachOk({ scope: 'store', pks });
    const b = await reachOk({ scope: 'store', pks: [...pks].reverse().concat(pks[0]!) });
    expect(b).toEqual(a);
  });

  it("refuses another brand's stores or groups, naming pks", async () => {
    const [mine] = await t.database.rows<{ id: number }>(sql`select id from stores where brand_id = ${brand} limit 1`);
    const [theirs] = await t.database.rows<{ id: number }>(
      sql`select id from stores where brand_id = ${t.brandIds.retailer} limit 1`,
    );
    const res = await reach({ scope: 'store', pks: [mine!.id, theirs!.id] });
    expect(res.statusCode).toBe(400);
    const error = ZErrorBody.parse(res.json()).error;
    expect(error.fields).toEqual([{ path: 'pks', message: expect.stringContaining(String(theirs!.id)) }]);
    expect(error.fields[0]?.message).not.toContain(String(mine!.id));

    const [theirGroup] = await t.database.rows<{ id: number }>(
      sql`select id from store_groups where brand_id = ${t.brandIds.retailer} limit 1`,
    );
    const groupRes = await reach({ scope: 'group', pks: [theirGroup!.id] });
    expect(groupRes.statusCode).toBe(400);
    expect(ZErrorBody.parse(groupRes.json()).error.fields.map((f) => f.path)).toEqual(['pks']);
    // Refused again, not remembered as an answer.
    expect((await reach({ scope: 'group', pks: [theirGroup!.id] })).statusCode).toBe(400);
  });

  it('refuses a store or group scope without ids, and a malformed country', async () => {
    const empty = await reach({ scope: 'group', pks: [] });
    expect(empty.statusCode).toBe(400);
    expect(ZErrorBody.parse(empty.json()).error.fields.map((f) => f.path)).toEqual(['pks']);
    const country = await reach({ scope: 'all', countryCodes: ['fr'] });
    expect(country.statusCode).toBe(400);
    expect(ZErrorBody.parse(country.json()).error.fields.map((f) => f.path)).toEqual(['countryCodes.0']);
  });

  it('follows a change to group membership made outside the API, within a revision comparison', async () => {
    const [group] = await t.database.rows<{ id: number }>(
      sql`select id from store_groups where brand_id = ${brand} and name = 'Berlin'`,
    );
    const before = await reachOk({ scope: 'group', pks: [group!.id] });
    const [outsider] = await t.database.rows<{ id: number; total_users: number }>(sql`select id, total_users from stores
      where brand_id = ${brand} and status = 'approved'
        and id not in (select store_id from store_group_members where group_id = ${group!.id}) limit 1`);
    await t.database.rows(
      sql`insert into store_group_members (brand_id, group_id, store_id) values (${brand}, ${group!.id}, ${outsider!.id})`,
    );
    await vi.waitFor(
      async () =>
        expect(await reachOk({ scope: 'group', pks: [group!.id] })).toEqual({
          groups: 1,
          stores: before.stores + 1,
          users: before.users + outsider!.total_users,
        }),
      { timeout: 20 * REVISION_POLL_MS, interval: 10 },
    );
  });

  it('answers a scope asked before without a query once the brand’s store revision has been compared', async () => {
    const scope = { scope: 'all' };
    const first = await reachOk(scope);
    await vi.waitFor(
      async () => {
        statements = 0;
        expect(await reachOk(scope)).toEqual(first);
        expect(statements).toBe(0);
      },
      { timeout: 20 * REVISION_POLL_MS, interval: REVISION_POLL_MS },
    );
  });
});

describe('places', () => {
  it("names a country's place with its English name and code", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/places/${countryPlaceId('fr')}`,
      headers: { cookie: owner },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZPlaceDetails.parse(res.json())).toEqual({
      placeId: 'country:FR',
      addressComponents: [{ longName: 'France', shortName: 'FR', types: ['country', 'political'] }],
    });
  });

  it('answers 404 for a place it does not know', async () => {
    for (const id of ['country:ZZ', 'ChIJ-some-maps-place', 'country:fr']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/places/${encodeURIComponent(id)}`,
        headers: { cookie: owner },
      });
      expect(res.statusCode, id).toBe(404);
    }
  });
});
