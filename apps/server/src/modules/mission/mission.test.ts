import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_REQUEST_HEADER, ZAvailableMissions, ZErrorBody, ZMission, ZMissionItem, ZMissionList } from '@rally/domain';
import { z } from 'zod';
import { missions } from '../../db/schema/index.js';
import { factories } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: string;
let f: ReturnType<typeof factories>;
let brand: string;
const ZItems = z.object({ items: z.array(ZMissionItem) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@brand.test');
  f = factories(t.database.db);
  brand = t.brandIds.owner;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
const post = (url: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: payload as object });
const question = (title: string, correct = 'a') => ({
  kind: 'question',
  title,
  data: { options: [{ id: 'a', text: 'Yes' }, { id: 'b', text: 'No' }], correctOptionId: correct },
});

describe('mission library', () => {
  it('creates a learning mission that stays incomplete until it has a question', async () => {
    const res = await post('/api/v3/mission', { title: 'Know the lemon range', type: 'learning' });
    expect(res.statusCode).toBe(201);
    const mission = ZMission.parse(res.json());
    expect(mission).toMatchObject({ status: 'incomplete', isCompleteFill: false, subtype: 'standard' });
    const items = ZItems.parse((await post(`/api/v3/mission/${mission.id}/item/create`, question('Is it sparkling?'))).json());
    expect(items.items).toHaveLength(1);
    expect(ZMission.parse((await get(`/api/v3/mission/${mission.id}`)).json())).toMatchObject({ status: 'ready', isCompleteFill: true, itemCount: 1 });
  });

  it('names the field of an invalid item and refuses the wrong kind for the mission', async () => {
    const m = await f.mission(brand, { type: 'learning', status: 'incomplete', isCompleteFill: false });
    const bad = await post(`/api/v3/mission/${m.id}/item/create`, question('Q', 'z'));
    expect(bad.statusCode).toBe(400);
    expect(ZErrorBody.parse(bad.json()).error.fields.map((x) => x.path)).toEqual(['data.correctOptionId']);
    const wrongKind = await post(`/api/v3/mission/${m.id}/item/create`, { kind: 'option', title: 'Lemon' });
    expect(wrongKind.statusCode).toBe(400);
    expect(ZErrorBody.parse(wrongKind.json()).error.fields[0]?.path).toBe('kind');
  });

  it('edits, reorders and deletes items, keeping the order', async () => {
    const m = ZMission.parse((await post('/api/v3/mission', { title: 'Quiz', type: 'learning' })).json());
    for (const title of ['One', 'Two', 'Three']) await post(`/api/v3/mission/${m.id}/item/create`, question(title));
    let items = ZItems.parse((await get(`/api/v3/mission/${m.id}/items`)).json()).items;
    const three = items.find((i) => i.title === 'Three')!;
    items = ZItems.parse((await post(`/api/v3/mission/${m.id}/item/${three.id}/update-order`, { order: 0 })).json()).items;
    expect(items.map((i) => i.title)).toEqual(['Three', 'One', 'Two']);
    items = ZItems.parse((await post(`/api/v3/mission/${m.id}/item/${three.id}/update`, question('Three?'))).json()).items;
    expect(items[0]?.title).toBe('Three?');
    const one = items.find((i) => i.title === 'One')!;
    items = ZItems.parse((await post(`/api/v3/mission/${m.id}/item/${one.id}/delete`)).json()).items;
    expect(items.map((i) => [i.title, i.order])).toEqual([
      ['Three?', 0],
      ['Two', 1],
    ]);
  });

  it('refuses to delete an item a reward uses, naming the reward', async () => {
    const m = ZMission.parse((await post('/api/v3/mission', { title: 'Sell lemons', type: 'learning', subtype: 'itemSold' })).json());
    const items = ZItems.parse((await post(`/api/v3/mission/${m.id}/item/create`, { kind: 'option', title: 'Lemon 330ml', data: { sku: '00042' } })).json()).items;
    const c = await f.campaign(brand, { type: 'learning' });
    await f.campaignMission(brand, c.id, m.id);
    await f.reward(brand, c.id, { type: 'money', title: 'Lemon bonus', amountCents: 100, assignment: { type: 'itemSold', itemsId: [items[0]!.id] } });
    const listed = ZItems.parse((await get(`/api/v3/mission/${m.id}/items`)).json()).items;
    expect(listed[0]).toMatchObject({ inUse: true, inUseBy: [{ title: 'Lemon bonus', bundleId: c.id }] });
    expect(listed[0]?.data).toEqual({ sku: '00042' });
    const res = await post(`/api/v3/mission/${m.id}/item/${items[0]!.id}/delete`);
    expect(res.statusCode).toBe(409);
    expect(ZErrorBody.parse(res.json()).error.message).toContain('Lemon bonus');
  });

  it('updates only the fields sent: a title edit keeps description, subtype and media', async () => {
    const media = { fileType: 'image' as const, imageUrl: '/api/media/file/x', imageArgs: { fileId: 'x', fileName: 'x.png' } };
    const m = ZMission.parse(
      (await post('/api/v3/mission', { title: 'Sell', type: 'contest', subtype: 'itemSold', description: 'Keep me', media })).json(),
    );
    const res = await post(`/api/v3/mission/${m.id}/update`, { title: 'Sell more' });
    expect(res.statusCode).toBe(200);
    expect(ZMission.parse(res.json())).toMatchObject({ title: 'Sell more', description: 'Keep me', subtype: 'itemSold', media, imageUrl: '/api/media/file/x' });
  });

  it('duplicates a mission with its items', async () => {
    const m = await f.mission(brand, { type: 'learning', title: 'Original' }, 2);
    const res = await t.app.inject({ method: 'GET', url: `/api/v3/mission/${m.id}/duplicate`, headers: { cookie: owner, [APP_REQUEST_HEADER]: '1' } });
    expect(res.statusCode).toBe(200);
    const copy = ZMission.parse(res.json());
    expect(copy).toMatchObject({ title: 'Copy of Original', itemCount: 2, status: 'ready' });
    expect(ZItems.parse((await get(`/api/v3/mission/${copy.id}/items`)).json()).items).toHaveLength(2);
  });

  it('lists the library 5 a page with search and type filter', async () => {
    for (let i = 0; i < 6; i++) await f.mission(brand, { type: 'contest', title: `Leaderboard ${i}` });
    const page = ZMissionList.parse((await get('/api/v3/mission?type=contest&filter=Leaderboard')).json());
    expect(page.items).toHaveLength(5);
    expect(page._meta.totalCount).toBe(6);
    expect(page.items.every((m) => m.type === 'contest')).toBe(true);
  });

  it("answers 404 for another brand's mission on every mission route", async () => {
    const m = await f.mission(t.brandIds.retailer, { type: 'learning' }, 1);
    for (const [method, url, payload] of [
      ['GET', `/api/v3/mission/${m.id}`],
      ['GET', `/api/v3/mission/${m.id}/items`],
      ['GET', `/api/v3/mission/${m.id}/duplicate`],
      ['POST', `/api/v3/mission/${m.id}/update`, { title: 'Mine' }],
      ['POST', `/api/v3/mission/${m.id}/item/create`, question('Q')],
      ['POST', `/api/v3/mission/${m.id}/item/1/delete`, {}],
    ] as const) {
      const headers = { cookie: owner, [APP_REQUEST_HEADER]: '1' };
      const res = await t.app.inject({ method, url, headers, payload: payload as object | undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.database.db.select().from(missions).where(eq(missions.id, m.id)))[0]?.title).toBe('Test mission');
  });
});

describe('available missions', () => {
  it("offers the campaign type's missions and flags in-use ones not selectable unless current", async () => {
    const c = await f.campaign(brand, { type: 'consumer' });
    const ready = await f.mission(brand, { type: 'consumer', title: 'Snap a selfie' });
    const inUse = await f.mission(brand, { type: 'consumer', title: 'Busy one', status: 'pending_launch' });
    await f.mission(brand, { type: 'general', title: 'Not for consumers' });
    const page = ZAvailableMissions.parse((await get(`/api/v3/bundle/${c.id}/available-missions?perPage=50`)).json());
    expect(page.items.every((m) => m.type === 'consumer')).toBe(true);
    expect(page.items.find((m) => m.id === ready.id)?.selectable).toBe(true);
    expect(page.items.find((m) => m.id === inUse.id)?.selectable).toBe(false);
    const current = ZAvailableMissions.parse((await get(`/api/v3/bundle/${c.id}/available-missions?perPage=50&current=${inUse.id}`)).json());
    expect(current.items.find((m) => m.id === inUse.id)?.selectable).toBe(true);
  });

  it('pages by 5 by default', async () => {
    const c = await f.campaign(brand, { type: 'contest' });
    const page = ZAvailableMissions.parse((await get(`/api/v3/bundle/${c.id}/available-missions`)).json());
    expect(page._meta.perPage).toBe(5);
  });
});
