import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody, ZManagedStore, ZStoreDetail } from '@rally/domain';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let retailer: string;
let member: string;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  retailer = await t.signIn('retailer@retail.test');
  member = await t.signIn('owner@brand.test');
  await t.app.inject({ method: 'POST', url: '/api/me/brand', headers: { cookie: member }, payload: { brandId: t.brandIds.outlet } });
  f = factories(t.database.db);
}, 60_000);
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const detail = async (cookie: string, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/store/read/store/${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return ZStoreDetail.parse(res.json());
};

describe('store page and operations', () => {
  it('shows a store with its users and an activity log of every change', async () => {
    const store = await f.store(t.brandIds.owner, { name: 'Corner Shop', street: '1 Main St', city: 'Springfield', postalCode: '12345', totalUsers: 2 });
    const ann = await f.storeUser(t.brandIds.owner, store.id, { name: 'Ann' });
    await f.storeUser(t.brandIds.owner, store.id, { name: 'Bob' });
    const page = await detail(owner, store.id);
    expect(page.store).toMatchObject({ storeName: 'Corner Shop', city: 'Springfield', totalUsers: 2 });
    expect(page.users.map((u) => u.name)).toEqual(['Ann', 'Bob']);

    const removed = await post(owner, '/api/store/write/store/remove-user', { userId: ann.id, storeId: store.id });
    expect(removed.statusCode, removed.body).toBe(200);
    const updated = await post(owner, `/api/store/write/store/${store.id}/update-retailer`, { fields: { storeName: 'Corner Shop 2', postalCode: '54321', refId: 'CS-2' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(ZManagedStore.parse(updated.json())).toMatchObject({ storeName: 'Corner Shop 2', refId: 'CS-2', address: { formattedAddress: '1 Main St, 54321 Springfield, US' } });
    await post(owner, '/api/store/write/store/change-status', { storeBrandId: store.id, status: 'inactive' });

    const after = await detail(owner, store.id);
    expect(after.users.map((u) => u.name)).toEqual(['Bob']);
    expect(after.store.totalUsers).toBe(1);
    expect(after.activity.map((a) => a.action)).toEqual(['status-changed', 'retailer-updated', 'user-removed']);
    expect(after.activity[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'storeName', old: 'Corner Shop', new: 'Corner Shop 2' },
        { field: 'postalCode', old: '12345', new: '54321' },
      ]),
    );
    expect(after.activity[2]!.changes[0]!.old).toContain('Ann');
    expect(after.activity.every((a) => a.actorName === 'Olivia Owner')).toBe(true);
  });

  it('logs nothing when an update changes nothing, and names a bad field', async () => {
    const store = await f.store(t.brandIds.owner, { name: 'Same' });
    await post(owner, `/api/store/write/store/${store.id}/update-retailer`, { fields: { storeName: 'Same' } });
    expect((await detail(owner, store.id)).activity).toEqual([]);
    const bad = await post(owner, `/api/store/write/store/${store.id}/update-retailer`, { fields: { countryCode: 'usa', storeName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(ZErrorBody.parse(bad.json()).error.fields.map((x) => x.path)).toEqual(expect.arrayContaining(['fields.countryCode', 'fields.storeName']));
    expect((await post(owner, `/api/store/write/store/${store.id}/update-retailer`, { fields: {} })).statusCode).toBe(200);
    expect((await detail(owner, store.id)).activity).toEqual([]);
  });

  it('answers 404 for another brand’s store or user, and 404 for a user of another store', async () => {
    const store = await f.store(t.brandIds.owner);
    const other = await f.store(t.brandIds.owner);
    const user = await f.storeUser(t.brandIds.owner, store.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/store/read/store/${store.id}`, headers: { cookie: retailer } })).statusCode).toBe(404);
    expect((await post(retailer, '/api/store/write/store/remove-user', { userId: user.id, storeId: store.id })).statusCode).toBe(404);
    expect((await post(retailer, `/api/store/write/store/${store.id}/update-retailer`, { fields: { city: 'X' } })).statusCode).toBe(404);
    expect((await post(owner, '/api/store/write/store/remove-user', { userId: user.id, storeId: other.id })).statusCode).toBe(404);
    expect((await detail(owner, store.id)).users).toHaveLength(1);
  });

  it('lets members manage stores (store:update) and refuses signed-out callers with 401', async () => {
    const store = await f.store(t.brandIds.outlet, { name: 'Outlet store' });
    const asMember = await post(member, `/api/store/write/store/${store.id}/update-retailer`, { fields: { city: 'Outletville' } });
    expect(asMember.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/store/write/store/remove-user', payload: { userId: 1, storeId: store.id } });
    expect(anonymous.statusCode).toBe(401);
  });
});
